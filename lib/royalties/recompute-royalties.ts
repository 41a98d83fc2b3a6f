import { eq, inArray, or } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { releases, requests, tracks } from "@/db/schema";
import { now } from "@/lib/clock";
import type { StatusCode } from "@/lib/requests/statuses";
import { computeRoyalty, type RateTable } from "./compute-royalty";

/** A request whose royalty was recomputed: its status and its royalty total before and after (hundredths of a cent). */
export type RecomputedRoyalty = { id: number; statusCode: StatusCode; before: number; after: number };

/**
 * Recomputes the royalty snapshot of every request of the given tracks and releases (after their inputs changed),
 * and says what changed.
 */
export async function recomputeRoyalties(
  tx: Tx,
  table: RateTable,
  target: { trackIds?: number[]; releaseIds?: number[] },
): Promise<RecomputedRoyalty[]> {
  const conditions = [
    target.trackIds?.length ? inArray(requests.trackId, target.trackIds) : undefined,
    target.releaseIds?.length ? inArray(requests.releaseId, target.releaseIds) : undefined,
  ].filter((c) => c !== undefined);
  if (conditions.length === 0) return [];
  const rows = await tx
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
    .where(or(...conditions));
  const recomputed: RecomputedRoyalty[] = [];
  for (const row of rows) {
    const r = computeRoyalty(table, { ...row, medleyWhole: row.medley });
    await tx
      .update(requests)
      .set({ royaltyPerUnit: r.perUnit, royaltyQuantity: r.quantity, royaltyTotal: r.total, dateUpdated: now() })
      .where(eq(requests.id, row.id));
    recomputed.push({ id: row.id, statusCode: row.statusCode, before: Number(row.royaltyTotal), after: r.total });
  }
  return recomputed;
}
