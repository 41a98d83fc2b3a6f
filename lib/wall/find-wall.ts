import { eq, getTableColumns, inArray, type Placeholder } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { statement } from "@/db/statement";
import { albums, tracks, wallPosts } from "@/db/schema";
import { scopeOf, type Actor, type Scope } from "@/lib/auth/actor";
import { findAlbum } from "@/lib/albums/find-album";
import { notFound } from "@/lib/errors";
import { clientScopeOf, EMPLOYEE_SCOPE, licenseeScopeOf, runScoped, scoped } from "@/lib/scope";
import { readableVisibilities } from "./wall-permissions";

/** A wall is addressed by any track of its album (the API) or by the album itself (the portal). */
export type WallRef = { trackId: number } | { albumId: number };

const albumOfTrack = (db: Conn, scope: Scope, trackId: Placeholder) =>
  db
    .select(getTableColumns(albums))
    .from(tracks)
    .innerJoin(albums, eq(albums.id, tracks.albumId))
    .where(scoped(scope, { accountId: tracks.accountId, licenseeId: albums.licenseeId }, eq(tracks.id, trackId)));

// Every call on a wall (reads and posts alike) starts here: built once per kind of reader.
const albumOfTrackForEmployee = statement(["trackId"], (db, p) => albumOfTrack(db, EMPLOYEE_SCOPE, p("trackId")));
const albumOfTrackForClient = statement(["trackId", "accountId"], (db, p) =>
  albumOfTrack(db, clientScopeOf(p), p("trackId")),
);
const albumOfTrackForLicensee = statement(["trackId", "accountId", "licenseeId"], (db, p) =>
  albumOfTrack(db, licenseeScopeOf(p), p("trackId")),
);

/** The album whose wall `ref` addresses, within the actor's scope; another account's id is a 404. */
export async function findWall(db: Conn, actor: Actor, ref: WallRef) {
  const scope = scopeOf(actor);
  if ("albumId" in ref) return { album: await findAlbum(db, scope, ref.albumId), trackId: null };
  const variants = {
    employee: albumOfTrackForEmployee,
    client: albumOfTrackForClient,
    licensee: albumOfTrackForLicensee,
  };
  const [album] = await runScoped(db, scope, variants, { trackId: ref.trackId });
  if (!album) throw notFound(`Track ${ref.trackId}`);
  return { album, trackId: ref.trackId };
}
export type Wall = Awaited<ReturnType<typeof findWall>>;

/** Only the posts `actor` may read (wall-permissions.ts) ever leave the database: every wall query carries this condition. */
export function visibleTo(actor: Actor) {
  return inArray(wallPosts.visibility, readableVisibilities(actor));
}
