import { eq } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { catalogSongs, requests, tracks } from "@/db/schema";
import { lockAlbum } from "@/lib/albums/find-album";

/** Puts a request in `in_progress` the way beginning licensing does: under the album's row lock. */
export async function beginLicensing(db: Db, requestId: number, beforeCommit?: (tx: Tx) => Promise<void>) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ albumId: tracks.albumId })
      .from(requests)
      .innerJoin(tracks, eq(tracks.id, requests.trackId))
      .where(eq(requests.id, requestId));
    await lockAlbum(tx, row!.albumId);
    await tx
      .update(requests)
      .set({ statusCode: "in_progress", licensingBegunAt: new Date() })
      .where(eq(requests.id, requestId));
    await beforeCommit?.(tx);
  });
}

/** Links a track to a (new) catalog song, as research does. */
export async function linkTrackToSong(db: Db, trackId: number) {
  const [song] = await db
    .insert(catalogSongs)
    .values({ title: "Catalog song", writers: ["A Writer"] })
    .returning();
  await db.update(tracks).set({ catalogSongId: song!.id, songLinkedAt: new Date() }).where(eq(tracks.id, trackId));
}
