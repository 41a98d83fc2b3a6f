import { and, eq, inArray, type SQL } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { albums, licensees, requests, tracks } from "@/db/schema";
import type { Scope } from "@/lib/auth/actor";
import type { RequestRecordFilters } from "./list-requests-query";

/**
 * GET /api/requests' filters by the client's own records, as conditions on the requests table alone (a page is
 * chosen on its index, then joined: pagedRequestViews): the requests of the tracks they name. Each subquery keeps the
 * caller's account in its where, so a filter never reaches another account's tracks. Undefined when none is given.
 */
export function requestRecordFilters(db: Conn, scope: Scope, f: RequestRecordFilters): SQL | undefined {
  if (!hasRecordFilters(f)) return undefined;
  const { accountId } = scope;
  const ofLicensees =
    f.licenseeId === undefined && f.externalLicenseeId === undefined
      ? undefined
      : inArray(
          tracks.albumId,
          db
            .select({ id: albums.id })
            .from(albums)
            .innerJoin(licensees, eq(licensees.id, albums.licenseeId))
            .where(
              and(
                accountId === undefined ? undefined : eq(albums.accountId, accountId),
                f.licenseeId === undefined ? undefined : eq(albums.licenseeId, f.licenseeId),
                f.externalLicenseeId === undefined ? undefined : eq(licensees.externalLicenseeId, f.externalLicenseeId),
              ),
            ),
        );
  return inArray(
    requests.trackId,
    db
      .select({ id: tracks.id })
      .from(tracks)
      .where(
        and(
          accountId === undefined ? undefined : eq(tracks.accountId, accountId),
          f.externalTrackId === undefined ? undefined : eq(tracks.externalTrackId, f.externalTrackId),
          f.albumId === undefined ? undefined : eq(tracks.albumId, f.albumId),
          ofLicensees,
        ),
      ),
  );
}

/** Whether any of the filters is given (the kept counts know none of them: the total is counted). */
export const hasRecordFilters = (f: RequestRecordFilters) =>
  f.externalTrackId !== undefined ||
  f.externalLicenseeId !== undefined ||
  f.albumId !== undefined ||
  f.licenseeId !== undefined;
