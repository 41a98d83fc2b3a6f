import { eq, sql } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { reusedStatement } from "@/db/reused-statement";
import { releases, requests, tracks } from "@/db/schema";
import { now } from "@/lib/clock";
import type { StatusCode } from "@/lib/requests/statuses";
import { computeRoyalty, type RateTable } from "./compute-royalty";

/** A request whose royalty was recomputed: its status and its royalty total before and after (hundredths of a cent). */
export type RecomputedRoyalty = { id: number; statusCode: StatusCode; before: number; after: number };

/**
 * Recomputes the royalty snapshot of every request of a track or of a release (after its inputs changed), and says
 * what changed. Runs while the edit holds its album's lock, so both statements are built once.
 */
export async function recomputeRoyalties(tx: Tx, table: RateTable, target: { trackId: number } | { releaseId: number }): Promise<RecomputedRoyalty[]> {
  const byTrack = "trackId" in target;
  const read = reusedStatement(tx, `royalty inputs by ${byTrack ? "track" : "release"}`, (name) =>
    tx
      .select({
        id: requests.id,
        statusCode: requests.statusCode,
        royaltyTotal: requests.royaltyTotal,
        formatId: releases.formatId,
        releaseYear: releases.releaseYear,
        quantity: releases.releaseQuantity,
        lengthInSeconds: tracks.lengthInSeconds,
        medley: tracks.medley,
      })
      .from(requests)
      .innerJoin(tracks, eq(tracks.id, requests.trackId))
      .innerJoin(releases, eq(releases.id, requests.releaseId))
      .where(eq(byTrack ? requests.trackId : requests.releaseId, sql.placeholder("id")))
      .prepare(name),
  );
  const update = reusedStatement(tx, "set royalty", (name) =>
    tx
      .update(requests)
      .set({
        royaltyPerUnit: sql`${sql.placeholder("perUnit")}`,
        royaltyQuantity: sql`${sql.placeholder("quantity")}`,
        royaltyTotal: sql`${sql.placeholder("total")}`,
        dateUpdated: sql`${sql.placeholder("at")}::timestamptz`,
      })
      .where(eq(requests.id, sql.placeholder("id")))
      .prepare(name),
  );
  const rows = await read.execute({ id: byTrack ? target.trackId : target.releaseId });
  const recomputed: RecomputedRoyalty[] = [];
  for (const row of rows) {
    const r = computeRoyalty(table, { ...row, medleyWhole: row.medley });
    await update.execute({ id: row.id, perUnit: r.perUnit, quantity: r.quantity, total: r.total, at: now().toISOString() });
    recomputed.push({ id: row.id, statusCode: row.statusCode, before: Number(row.royaltyTotal), after: r.total });
  }
  return recomputed;
}
