import { asc, count, ilike, or, sql, type SQL } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { catalogSongs } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import type { SearchSongsInput } from "./schemas";
import { songViews } from "./song-view";

/** GET /api/songs?q=: catalog songs whose title or a writer contains q (case-insensitive), by title. */
export async function searchSongs(db: Conn, actor: Actor, input: SearchSongsInput) {
  requireEmployee(actor, "search the song catalog");
  const where = input.q ? matching(input.q) : undefined;
  const [songs, [total]] = await Promise.all([
    db
      .select()
      .from(catalogSongs)
      .where(where)
      .orderBy(asc(sql`lower(${catalogSongs.title})`), asc(catalogSongs.id))
      .offset(input.offset)
      .limit(input.limit),
    db.select({ n: count() }).from(catalogSongs).where(where),
  ]);
  return { items: await songViews(db, songs), total: total?.n ?? 0 };
}

function matching(q: string): SQL | undefined {
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(ilike(catalogSongs.title, pattern), sql`array_to_string(${catalogSongs.writers}, ' ') ilike ${pattern}`);
}
