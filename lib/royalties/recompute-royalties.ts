import { eq, sql, type Placeholder } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Conn, Tx } from "@/db/client";
import { statement } from "@/db/statement";
import { ownerNotices, releases, requests, tracks } from "@/db/schema";
import { now } from "@/lib/clock";
import type { StatusCode } from "@/lib/requests/statuses";
import { computeRoyalty, type RateTable } from "./compute-royalty";
import { refreshRoyaltyNotPayable, unpayableNotice } from "./royalty-not-payable";

/** A request whose royalty was recomputed: its status and its royalty total before and after (hundredths of a cent). */
export type RecomputedRoyalty = { id: number; statusCode: StatusCode; before: number; after: number };

const royaltyInputs = (db: Conn, by: PgColumn, id: Placeholder) =>
  db
    .select({
      id: requests.id,
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
    })
    .from(requests)
    .innerJoin(tracks, eq(tracks.id, requests.trackId))
    .innerJoin(releases, eq(releases.id, requests.releaseId))
    .where(eq(by, id));

// Run while the edit holds its album's lock: built once, one per target.
const royaltyInputsOfTrack = statement(["id"], (db, p) => royaltyInputs(db, requests.trackId, p("id")));
const royaltyInputsOfRelease = statement(["id"], (db, p) => royaltyInputs(db, requests.releaseId, p("id")));
const setRoyalty = statement(["id", "perUnit", "quantity", "total", "at"], (db, p) =>
  db
    .update(requests)
    .set({
      royaltyPerUnit: sql`${p("perUnit")}`,
      royaltyQuantity: sql`${p("quantity")}`,
      royaltyTotal: sql`${p("total")}`,
      dateUpdated: sql`${p("at")}::timestamptz`,
    })
    .where(eq(requests.id, p("id"))),
);

/**
 * Recomputes the royalty snapshot of every request of a track or of a release (after its inputs changed), and says
 * what changed.
 */
export async function recomputeRoyalties(
  tx: Tx,
  table: RateTable,
  target: { trackId: number } | { releaseId: number },
): Promise<RecomputedRoyalty[]> {
  const rows =
    "trackId" in target
      ? await royaltyInputsOfTrack.run(tx, { id: target.trackId })
      : await royaltyInputsOfRelease.run(tx, { id: target.releaseId });
  const recomputed: RecomputedRoyalty[] = [];
  for (const row of rows) {
    const r = computeRoyalty(table, { ...row, medleyWhole: row.medley });
    await setRoyalty.run(tx, {
      id: row.id,
      perUnit: r.perUnit,
      quantity: r.quantity,
      total: r.total,
      at: now().toISOString(),
    });
    if (row.hasUnpayableOwner) await refreshRoyaltyNotPayable(tx, row.id);
    recomputed.push({ id: row.id, statusCode: row.statusCode, before: Number(row.royaltyTotal), after: r.total });
  }
  return recomputed;
}
