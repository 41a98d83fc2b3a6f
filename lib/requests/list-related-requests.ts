import { eq } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { requests, tracks } from "@/db/schema";
import { scopeOf, type Actor } from "@/lib/auth/actor";
import { findAlbum } from "@/lib/albums/find-album";
import { findTrack } from "@/lib/tracks/find-track";
import { requestViews } from "./request-view";

/** GET /api/albums/{id}/requests: every request of every track on the album (a small collection: no paging). */
export async function listAlbumRequests(db: Conn, actor: Actor, albumId: number) {
  const scope = scopeOf(actor);
  const album = await findAlbum(db, scope, albumId);
  return requestViews(db, scope, eq(tracks.albumId, album.id));
}

/** GET /api/tracks/{id}/requests: the initial request and every reorder of the track. */
export async function listTrackRequests(db: Conn, actor: Actor, trackId: number) {
  const scope = scopeOf(actor);
  const track = await findTrack(db, scope, trackId);
  return requestViews(db, scope, eq(requests.trackId, track.id));
}
