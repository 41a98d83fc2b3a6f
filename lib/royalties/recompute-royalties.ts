import { asc, eq, sql, type Placeholder } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Conn, Tx } from "@/db/client";
import { statement } from "@/db/statement";
import { ownerNotices, releases, requests, tracks } from "@/db/schema";
import { now } from "@/lib/clock";
import type { StatusCode } from "@/lib/requests/statuses";
import { computeRoyalty, type RateTable } from "./compute-royalty";
import { refreshRoyaltyNotPayable, unpayableNotice } from "./royalty-not-payable";
import { confirmRateTable } from "./load-rate-table";

/** A request whose royalty was recomputed: its status and its royalty total before and after (hundredths of a cent). */
export type RecomputedRoyalty = {
  id: number;
  accountId: number;
  statusCode: StatusCode;
  before: number;
  after: number;
  provisional: boolean;
};

const royaltyInputColumns = {
  id: requests.id,
  accountId: requests.accountId,
  statusCode: requests.statusCode,
  royaltyTotal: requests.royaltyTotal,
  formatId: releases.formatId,
  releaseYear: releases.releaseYear,
  quantity: releases.releaseQuantity,
  lengthInSeconds: tracks.lengthInSeconds,
  medley: tracks.medley,
  // An owner nobody can pay keeps their part of the new total out of what is invoiced.
  hasUnpayableOwner: sql<boolean>`exists (select 1 from ${ownerNotices} where ${ownerNotices.requestId} = ${requests.id}
    and ${unpayableNotice})`,
};

const royaltyInputs = (db: Conn, by: PgColumn, id: Placeholder) =>
  db
    .select(royaltyInputColumns)
    .from(requests)
    .innerJoin(tracks, eq(tracks.id, requests.trackId))
    .innerJoin(releases, eq(releases.id, requests.releaseId))
    .where(eq(by, id));

// Run while the edit holds its album's lock: built once, one per target.
const royaltyInputsOfTrack = statement(["id"], (db, p) => royaltyInputs(db, requests.trackId, p("id")));
const royaltyInputsOfRelease = statement(["id"], (db, p) => royaltyInputs(db, requests.releaseId, p("id")));
// A year's entry reprices every provisional royalty, its requests locked in id order (as issuing an invoice locks).
const royaltyInputsProvisional = statement([], (db) =>
  db
    .select(royaltyInputColumns)
    .from(requests)
    .innerJoin(tracks, eq(tracks.id, requests.trackId))
    .innerJoin(releases, eq(releases.id, requests.releaseId))
    .where(eq(requests.royaltyProvisional, true))
    .orderBy(asc(requests.id))
    .for("update", { of: requests }),
);
const setRoyalty = statement(["id", "perUnit", "quantity", "total", "provisional", "at"], (db, p) =>
  db
    .update(requests)
    .set({
      royaltyPerUnit: sql`${p("perUnit")}`,
      royaltyQuantity: sql`${p("quantity")}`,
      royaltyTotal: sql`${p("total")}`,
      royaltyProvisional: sql`${p("provisional")}`,
      dateUpdated: sql`${p("at")}::timestamptz`,
    })
    .where(eq(requests.id, p("id"))),
);

/**
 * Recomputes the royalty snapshot of every request of a track or of a release (after its inputs changed), or of every
 * request priced provisionally (a year's rates were entered), and says what changed. A provisional result is written
 * only once the rate table is confirmed current (confirmRateTable).
 */
export async function recomputeRoyalties(
  tx: Tx,
  table: RateTable,
  target: { trackId: number } | { releaseId: number } | { provisional: true },
): Promise<RecomputedRoyalty[]> {
  const rows =
    "trackId" in target
      ? await royaltyInputsOfTrack.run(tx, { id: target.trackId })
      : "releaseId" in target
        ? await royaltyInputsOfRelease.run(tx, { id: target.releaseId })
        : await royaltyInputsProvisional.run(tx);
  const recomputed: RecomputedRoyalty[] = [];
  let rates = table;
  let confirmed = false;
  for (const row of rows) {
    const input = { ...row, medleyWhole: row.medley };
    let r = computeRoyalty(rates, input);
    if (r.provisional && !confirmed) {
      rates = await confirmRateTable(tx, rates);
      confirmed = true;
      r = computeRoyalty(rates, input);
    }
    await setRoyalty.run(tx, {
      id: row.id,
      perUnit: r.perUnit,
      quantity: r.quantity,
      total: r.total,
      provisional: r.provisional,
      at: now().toISOString(),
    });
    if (row.hasUnpayableOwner) await refreshRoyaltyNotPayable(tx, row.id);
    recomputed.push({
      id: row.id,
      accountId: row.accountId,
      statusCode: row.statusCode,
      before: Number(row.royaltyTotal),
      after: r.total,
      provisional: r.provisional,
    });
  }
  return recomputed;
}
