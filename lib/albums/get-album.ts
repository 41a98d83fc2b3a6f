import { asc, eq } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { releases } from "@/db/schema";
import { scopeOf, type Actor } from "@/lib/auth/actor";
import { toReleaseView } from "@/lib/releases/release-view";
import { albumTrackRows, trackViews } from "@/lib/tracks/track-view";
import { findAlbum } from "./find-album";

/** GET /api/albums/{id}: the album with its tracks (each with its releases) and all its releases. */
export async function getAlbum(db: Conn, actor: Actor, id: number) {
  const album = await findAlbum(db, scopeOf(actor), id);
  const [trackRows, releaseRows] = await Promise.all([
    albumTrackRows(db, album.id),
    db.select().from(releases).where(eq(releases.albumId, album.id)).orderBy(asc(releases.dateAdded), asc(releases.id)),
  ]);
  return {
    id: album.id,
    title: album.title,
    artist: album.artist,
    licenseeId: album.licenseeId,
    tracks: await trackViews(db, trackRows),
    releases: releaseRows.map(toReleaseView),
    dateAdded: album.dateAdded.toISOString(),
  };
}
