import { and, eq, inArray, sql } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { releases, requests, salesLines } from "@/db/schema";

/** A track's sales in one format against its licensed units there (product.md §13). */
export type Standing = { trackId: number; formatId: number; sold: number; licensed: number };

/** The thresholds that alert, in percent of the licensed units. */
export const ALERT_LEVELS = [80, 100] as const;
export type AlertLevel = (typeof ALERT_LEVELS)[number];

/** The highest threshold the sales reached (100 also when nothing is licensed yet in that format), or null. */
export function levelOf(s: Pick<Standing, "sold" | "licensed">): AlertLevel | null {
  if (s.sold === 0) return null;
  if (s.sold >= s.licensed) return 100;
  return s.sold * 100 >= s.licensed * 80 ? 80 : null;
}

export const shortfallOf = (s: Pick<Standing, "sold" | "licensed">) => Math.max(0, s.sold - s.licensed);

/**
 * Units sold and licensed per track and format, for the account's tracks given, wherever something was sold.
 * Licensed units = the sum of `releaseQuantity` over the track's licensed requests in that format.
 */
export async function salesStanding(db: Conn, accountId: number, trackIds: number[]): Promise<Standing[]> {
  if (trackIds.length === 0) return [];
  const [sold, licensed] = await Promise.all([
    db
      .select({ trackId: salesLines.trackId, formatId: salesLines.formatId, units: sql<number>`sum(${salesLines.units})::int` })
      .from(salesLines)
      .where(and(eq(salesLines.accountId, accountId), inArray(salesLines.trackId, trackIds)))
      .groupBy(salesLines.trackId, salesLines.formatId),
    db
      .select({ trackId: requests.trackId, formatId: releases.formatId, units: sql<number>`sum(${releases.releaseQuantity})::int` })
      .from(requests)
      .innerJoin(releases, eq(releases.id, requests.releaseId))
      .where(and(eq(requests.accountId, accountId), inArray(requests.trackId, trackIds), eq(requests.statusCode, "licensed")))
      .groupBy(requests.trackId, releases.formatId),
  ]);
  return sold.map((s) => ({
    trackId: s.trackId,
    formatId: s.formatId,
    sold: s.units,
    licensed: licensed.find((l) => l.trackId === s.trackId && l.formatId === s.formatId)?.units ?? 0,
  }));
}
