import { asc, eq, inArray } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { catalogSongs, songOwners } from "@/db/schema";
import { notFound } from "@/lib/errors";
import { toPercent } from "./schemas";

type SongRow = typeof catalogSongs.$inferSelect;
type OwnerRow = typeof songOwners.$inferSelect;

/** A catalog song as the API shows it: shares as percentages (33.33), not basis points. */
function toSongView(song: SongRow, owners: OwnerRow[]) {
  return {
    id: song.id,
    title: song.title,
    writers: song.writers,
    owners: owners.map((o) => ({
      id: o.id,
      name: o.name,
      email: o.email,
      noticeEmailDesignated: o.noticeEmailDesignated,
      postalAddress: o.postalAddress,
      share: toPercent(o.shareBasisPoints),
    })),
  };
}
export type SongView = ReturnType<typeof toSongView>;

/** The songs with their owners, in the order given. */
export async function songViews(db: Conn, songs: SongRow[]): Promise<SongView[]> {
  if (songs.length === 0) return [];
  const owners = await db
    .select()
    .from(songOwners)
    .where(
      inArray(
        songOwners.songId,
        songs.map((s) => s.id),
      ),
    )
    .orderBy(asc(songOwners.id));
  return songs.map((s) =>
    toSongView(
      s,
      owners.filter((o) => o.songId === s.id),
    ),
  );
}

/** The catalog is shared by every account, so songs are not scoped; callers check the actor. */
export async function findSongView(db: Conn, id: number): Promise<SongView> {
  const [song] = await db.select().from(catalogSongs).where(eq(catalogSongs.id, id));
  if (!song) throw notFound(`Song ${id}`);
  const [view] = await songViews(db, [song]);
  return view!;
}
