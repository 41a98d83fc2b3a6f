import { eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { reusedStatement } from "@/db/reused-statement";
import { albums, tracks, wallPosts } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { scopeOf } from "@/lib/auth/actor";
import { findAlbum } from "@/lib/albums/find-album";
import { notFound } from "@/lib/errors";
import { scopePlaceholders, scoped } from "@/lib/scope";
import { readableVisibilities } from "./wall-permissions";

/** A wall is addressed by any track of its album (the API) or by the album itself (the portal). */
export type WallRef = { trackId: number } | { albumId: number };

/**
 * The album whose wall `ref` addresses, within the actor's scope; another account's id is a 404. Through a track it
 * is one statement, built once per kind of reader: every call on a wall (reads and posts alike) starts here.
 */
export async function findWall(db: Conn, actor: Actor, ref: WallRef) {
  const scope = scopeOf(actor);
  if ("albumId" in ref) return { album: await findAlbum(db, scope, ref.albumId), trackId: null };
  const { key, placeholders, values } = scopePlaceholders(scope);
  const find = reusedStatement(db, `album of track ${key}`, (name) =>
    db
      .select(getTableColumns(albums))
      .from(tracks)
      .innerJoin(albums, eq(albums.id, tracks.albumId))
      .where(scoped(placeholders, { accountId: tracks.accountId, licenseeId: albums.licenseeId }, eq(tracks.id, sql.placeholder("trackId"))))
      .prepare(name),
  );
  const [album] = await find.execute({ trackId: ref.trackId, ...values });
  if (!album) throw notFound(`Track ${ref.trackId}`);
  return { album, trackId: ref.trackId };
}
export type Wall = Awaited<ReturnType<typeof findWall>>;

/** Only the posts `actor` may read (wall-permissions.ts) ever leave the database: every wall query carries this condition. */
export function visibleTo(actor: Actor) {
  return inArray(wallPosts.visibility, readableVisibilities(actor));
}
