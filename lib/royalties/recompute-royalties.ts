import { eq, inArray, or } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { releases, requests, tracks } from "@/db/schema";
import { now } from "@/lib/clock";
import { computeRoyalty } from "./compute-royalty";
import { loadRateTable } from "./load-rate-table";

/** Recomputes the royalty snapshot of every request of the given tracks and releases (after their inputs changed). */
export async function recomputeRoyalties(tx: Tx, target: { trackIds?: number[]; releaseIds?: number[] }) {
  const conditions = [
    target.trackIds?.length ? inArray(requests.trackId, target.trackIds) : undefined,
    target.releaseIds?.length ? inArray(requests.releaseId, target.releaseIds) : undefined,
  ].filter((c) => c !== undefined);
  if (conditions.length === 0) return;
  const rows = await tx
    .select({
      id: requests.id,
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
  const table = await loadRateTable(tx);
  for (const row of rows) {
    const r = computeRoyalty(table, { ...row, medleyWhole: row.medley });
    await tx
      .update(requests)
      .set({ royaltyPerUnit: r.perUnit, royaltyQuantity: r.quantity, royaltyTotal: r.total, dateUpdated: now() })
      .where(eq(requests.id, row.id));
  }
}
