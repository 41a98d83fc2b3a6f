import { eq, getTableColumns } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { requests, tracks } from "@/db/schema";
import type { Scope } from "@/lib/auth/actor";
import { lockAlbum } from "@/lib/albums/find-album";
import { findRequestView } from "./request-view";

/**
 * For writes on a request: 404 outside the scope, then the album lock (the order every lock-dependent write
 * uses), then the request and its track re-read under a row lock, so status checks see the latest state.
 */
export async function lockRequest(tx: Tx, scope: Scope, requestId: number) {
  const view = await findRequestView(tx, scope, requestId);
  await lockAlbum(tx, view.albumId);
  const [row] = await tx
    .select({
      ...getTableColumns(requests),
      albumId: tracks.albumId,
      catalogSongId: tracks.catalogSongId,
      medley: tracks.medley,
      medleyTrackId: tracks.medleyTrackId,
    })
    .from(requests)
    .innerJoin(tracks, eq(tracks.id, requests.trackId))
    .where(eq(requests.id, requestId))
    .for("update");
  if (!row) throw new Error(`request ${requestId} vanished while locked`);
  return row;
}
export type LockedRequest = Awaited<ReturnType<typeof lockRequest>>;
