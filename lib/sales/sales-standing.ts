import { and, eq, inArray, notInArray, sql, type SQL } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { readTogether } from "@/db/read-together";
import { releases, requests, salesLines } from "@/db/schema";
import { SETTLED_STATUSES } from "@/lib/requests/statuses";
import type { TrackUnits, Standing } from "./sales-levels";

/**
 * Units sold and licensed per track and format, for the account's tracks given, wherever something was sold.
 * Licensed units = the sum of `releaseQuantity` over the track's licensed requests in that format.
 */
export async function salesStanding(db: Conn, accountId: number, trackIds: number[]): Promise<Standing[]> {
  if (trackIds.length === 0) return [];
  const [sold, licensed] = await readTogether(
    db,
    () =>
      db
        .select({
          trackId: salesLines.trackId,
          formatId: salesLines.formatId,
          units: sql<number>`sum(${salesLines.units})::int`,
        })
        .from(salesLines)
        .where(and(eq(salesLines.accountId, accountId), inArray(salesLines.trackId, trackIds)))
        .groupBy(salesLines.trackId, salesLines.formatId),
    () => licensedUnits(db, accountId, trackIds),
  );
  return sold.map((s) => ({
    trackId: s.trackId,
    formatId: s.formatId,
    sold: s.units,
    licensed: licensed.find((l) => l.trackId === s.trackId && l.formatId === s.formatId)?.units ?? 0,
  }));
}

/** Units per track and format on the account's requests in `statuses`: the sum of their releases' `releaseQuantity`. */
function unitsOfRequests(db: Conn, accountId: number, trackIds: number[], statuses: SQL): Promise<TrackUnits[]> {
  if (trackIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      trackId: requests.trackId,
      formatId: releases.formatId,
      units: sql<number>`sum(${releases.releaseQuantity})::int`,
    })
    .from(requests)
    .innerJoin(releases, eq(releases.id, requests.releaseId))
    .where(and(eq(requests.accountId, accountId), inArray(requests.trackId, trackIds), statuses))
    .groupBy(requests.trackId, releases.formatId);
}

/** Units per track and format on the account's licensed requests. */
export const licensedUnits = (db: Conn, accountId: number, trackIds: number[]) =>
  unitsOfRequests(db, accountId, trackIds, eq(requests.statusCode, "licensed"));

/** Units per track and format on the account's requests still being licensed (neither licensed nor refused or cancelled). */
export const pendingUnits = (db: Conn, accountId: number, trackIds: number[]) =>
  unitsOfRequests(db, accountId, trackIds, notInArray(requests.statusCode, SETTLED_STATUSES));
