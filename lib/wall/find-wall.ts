import { inArray } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { wallPosts } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { scopeOf } from "@/lib/auth/actor";
import { findAlbum } from "@/lib/albums/find-album";
import { findTrack } from "@/lib/tracks/find-track";
import { readableVisibilities } from "./wall-permissions";

/** A wall is addressed by any track of its album (the API) or by the album itself (the portal). */
export type WallRef = { trackId: number } | { albumId: number };

/** The album whose wall `ref` addresses, within the actor's scope; another account's id is a 404. */
export async function findWall(db: Conn, actor: Actor, ref: WallRef) {
  const scope = scopeOf(actor);
  if ("albumId" in ref) return { album: await findAlbum(db, scope, ref.albumId), trackId: null };
  const track = await findTrack(db, scope, ref.trackId);
  return { album: await findAlbum(db, scope, track.albumId), trackId: track.id };
}
export type Wall = Awaited<ReturnType<typeof findWall>>;

/** Only the posts `actor` may read (wall-permissions.ts) ever leave the database: every wall query carries this condition. */
export function visibleTo(actor: Actor) {
  return inArray(wallPosts.visibility, readableVisibilities(actor));
}
