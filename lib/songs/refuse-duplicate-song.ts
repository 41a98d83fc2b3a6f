import { and, ne, sql } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { catalogSongs } from "@/db/schema";
import { DomainError } from "@/lib/errors";
import type { SongInput } from "./schemas";

const key = (s: string) => s.trim().toLowerCase();

/**
 * Saving a song whose title and writers (in any order and case) are already in the catalog asks first: 409
 * duplicate_song naming the other song (`data.songId`), unless the input confirms it (`confirmDuplicate`).
 */
export async function refuseDuplicateSong(db: Conn, input: SongInput, exceptSongId: number | null): Promise<void> {
  if (input.confirmDuplicate) return;
  const writers = [...new Set(input.writers.map(key))].sort();
  const [same] = await db
    .select({ id: catalogSongs.id, title: catalogSongs.title })
    .from(catalogSongs)
    .where(
      and(
        sql`lower(btrim(${catalogSongs.title})) = ${key(input.title)}`,
        sql`(select array_agg(distinct lower(btrim(w)) order by lower(btrim(w))) from unnest(${catalogSongs.writers}) w) = ${sql.param(writers)}::text[]`,
        exceptSongId === null ? undefined : ne(catalogSongs.id, exceptSongId),
      ),
    )
    .limit(1);
  if (!same) return;
  throw new DomainError(
    "duplicate_song",
    `"${same.title}" by ${input.writers.join(", ")} is already in the catalog (song ${same.id}). Save again to keep both.`,
    undefined,
    { songId: same.id },
  );
}
