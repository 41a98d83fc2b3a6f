import { and, eq, inArray, type SQL, type WithSubquery } from "drizzle-orm";
import type { PgSelectBase, SelectedFields } from "drizzle-orm/pg-core";
import type { Conn } from "@/db/client";
import { albums, licensees, releases, requests, tracks } from "@/db/schema";
import type { Scope } from "@/lib/auth/actor";
import { scoped } from "@/lib/scope";

type Joined = "requests" | "tracks" | "albums" | "releases" | "licensees";
export type RequestRows<T extends SelectedFields> = PgSelectBase<"requests", T, "partial", Record<Joined, "not-null">>;

/**
 * The one request-list join: each request with its track, album, release and the album's licensee. Every list
 * or page of requests starts here and adds its own where, order, paging (or further joins, before the where);
 * `ctes` are common table expressions the fields or the where read (`with …`).
 */
export function requestRows<T extends SelectedFields>(db: Conn, fields: T, ...ctes: WithSubquery[]): RequestRows<T> {
  // Built on the plain SelectedFields type and narrowed to T on return: drizzle cannot chain joins on a
  // selection that is still a type parameter.
  const query = (ctes.length > 0 ? db.with(...ctes) : db)
    .select(fields as SelectedFields)
    .from(requests)
    .innerJoin(tracks, eq(tracks.id, requests.trackId))
    .innerJoin(albums, eq(albums.id, tracks.albumId))
    .innerJoin(releases, eq(releases.id, requests.releaseId))
    .innerJoin(licensees, eq(licensees.id, albums.licenseeId));
  return query as unknown as RequestRows<T>;
}

/** `where` limited to the requests the scope may see: its account's, and for a licensee its own albums'. */
export function inRequestScope(scope: Scope, ...where: (SQL | undefined)[]): SQL | undefined {
  return scoped(scope, { accountId: requests.accountId, licenseeId: albums.licenseeId }, ...where);
}

/**
 * `where` (on the requests table alone) limited to the scope without joining the other tables: the account's rows,
 * and for a licensee those on its albums' tracks. Counting and choosing a page this way reads only the requests'
 * indexes; the page's rows are joined afterwards.
 */
export function inRequestTableScope(db: Conn, scope: Scope, where?: SQL): SQL | undefined {
  return and(
    scoped(scope, { accountId: requests.accountId }),
    scope.licenseeId === undefined ? undefined : ofLicensee(db, scope.licenseeId),
    where,
  );
}

/** Requests on the albums of one licensee, as a condition on the requests table. */
export function ofLicensee(db: Conn, licenseeId: string): SQL {
  return inArray(
    requests.trackId,
    db
      .select({ id: tracks.id })
      .from(tracks)
      .innerJoin(albums, eq(albums.id, tracks.albumId))
      .where(eq(albums.licenseeId, licenseeId)),
  );
}
