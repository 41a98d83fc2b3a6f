import { count, desc, eq } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { albums, tracks } from "@/db/schema";
import { scopeOf, type Actor } from "@/lib/auth/actor";
import { scoped } from "@/lib/scope";

/** The albums the caller may see, newest first; optionally only those of one licensee. */
export async function listAlbums(db: Conn, actor: Actor, filter: { licenseeId?: string } = {}) {
  return db
    .select({
      id: albums.id,
      title: albums.title,
      artist: albums.artist,
      licenseeId: albums.licenseeId,
      trackCount: count(tracks.id),
      dateAdded: albums.dateAdded,
    })
    .from(albums)
    .leftJoin(tracks, eq(tracks.albumId, albums.id))
    .where(
      scoped(
        scopeOf(actor),
        { accountId: albums.accountId, licenseeId: albums.licenseeId },
        filter.licenseeId ? eq(albums.licenseeId, filter.licenseeId) : undefined,
      ),
    )
    .groupBy(albums.id)
    .orderBy(desc(albums.dateAdded), desc(albums.id));
}
