import { sql } from "drizzle-orm";
import { formats, releases, tracks } from "@/db/schema";
import { amountDue, isPaid } from "@/lib/money/request-amounts";
import type { StatusCode } from "./statuses";

// A request of a statutory format may begin licensing without its track's length, but it is licensed only once the
// length is known and whatever the length adds to the royalty is paid (docs/money.md, "A license waits for the
// length"). Fixed-rate formats (ringtones, stream licenses) do not depend on a length; a medley whole owes nothing,
// its parts each need their own.

export const LICENSING_BLOCKERS = ["length_missing", "top_up_unpaid", "licensee_incomplete"] as const;
export type LicensingBlocker = (typeof LICENSING_BLOCKERS)[number];

/**
 * Whether the request's royalty still waits for its track's length: none (or 0, missing as the edit locks count it),
 * not a medley whole, a statutory format. Read on the request-list join (requestRows: the track and release are joined).
 */
export const lengthNeededSql = sql<boolean>`(coalesce(${tracks.lengthInSeconds}, 0) = 0 and not ${tracks.medley}
  and exists (select 1 from ${formats} f where f.id = ${releases.formatId} and f.royalty_kind = 'statutory'))`;

/**
 * What keeps a request from being licensed: in progress, once every owner is served, its length still missing and a
 * top-up (the royalty raised since it was paid) not paid yet; waiting for payment and paid, a licensee whose notices
 * would lack its legal details (a paid invoice begins licensing by itself, lib/billing/begin-paid-requests.ts, but
 * not for such a licensee: it waits for the details, then staff begin it).
 */
export function licensingBlockers(r: {
  statusCode: StatusCode;
  lengthNeeded: boolean;
  royaltyTotal: number;
  serviceFee: number;
  amountPaid: number;
  licenseeIncomplete?: boolean;
}): LicensingBlocker[] {
  if (r.statusCode === "need_payment")
    return r.licenseeIncomplete && isPaid(amountDue(r).total, r.amountPaid) ? ["licensee_incomplete"] : [];
  if (r.statusCode !== "in_progress") return [];
  const blockers: LicensingBlocker[] = [];
  if (r.lengthNeeded) blockers.push("length_missing");
  if (!isPaid(amountDue(r).total, r.amountPaid)) blockers.push("top_up_unpaid");
  return blockers;
}
