import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { releases } from "@/db/schema";
import { scopeOf, type Actor } from "@/lib/auth/actor";
import { findAlbum } from "@/lib/albums/find-album";
import { validationFailed } from "@/lib/errors";
import { reorderTrack } from "@/lib/requests/reorder-track";
import type { RequestView } from "@/lib/requests/request-view";
import { requireClient } from "@/lib/auth/require-client";
import { albumTrackRows } from "@/lib/tracks/track-view";
import { REORDER_MARGINS, reorderUnits, shortfallPlan } from "./sales-levels";
import { pendingUnits, salesStanding } from "./sales-standing";

export const shortfallReorderSchema = z.strictObject({
  formatId: z.coerce.number().int().positive(),
  marginPercent: z.coerce
    .number()
    .refine((m) => (REORDER_MARGINS as readonly number[]).includes(m), `must be one of ${REORDER_MARGINS.join(", ")}`),
});
export type ShortfallReorderInput = z.output<typeof shortfallReorderSchema>;

/**
 * The over-quantity warning's one-click reorder: the same use case as POST /api/tracks/{id}/requests (a new release
 * for every track of the album), in the format that ran over, for the largest shortfall not yet covered by units
 * being licensed plus the chosen margin, its outlets, label and catalog number copied from the album's latest
 * release in that format (more of the same product); a new pressing's manufacture date is not known yet.
 */
export async function reorderShortfall(
  db: Db,
  actor: Actor,
  albumId: number,
  input: ShortfallReorderInput,
): Promise<RequestView[]> {
  const client = requireClient(actor, "reorder");
  const album = await findAlbum(db, scopeOf(client), albumId);
  const trackIds = (await albumTrackRows(db, album.id)).map((t) => t.id);
  const [standings, pending] = await Promise.all([
    salesStanding(db, client.accountId, trackIds),
    pendingUnits(db, client.accountId, trackIds),
  ]);
  const plan = shortfallPlan(standings, input.formatId, pending);
  if (!plan)
    throw validationFailed([
      { path: "formatId", message: "no track of this album sold all its licensed units in this format" },
    ]);
  // A second click, or a reorder filed by hand, already covers the shortfall: nothing is filed twice.
  if (plan.uncovered === 0) {
    throw validationFailed([
      {
        path: "formatId",
        message: `the ${plan.pending} units being licensed already cover the ${plan.shortfall} units short`,
      },
    ]);
  }
  const [latest] = await db
    .select({
      outlets: releases.expectedOutletsOfDistribution,
      label: releases.label,
      catalogNumber: releases.catalogNumber,
    })
    .from(releases)
    .where(and(eq(releases.albumId, album.id), eq(releases.formatId, input.formatId)))
    .orderBy(desc(releases.dateAdded), desc(releases.id))
    .limit(1);
  return reorderTrack(db, client, plan.trackId, {
    formatId: input.formatId,
    releaseQuantity: reorderUnits(plan, input.marginPercent),
    expectedOutletsOfDistribution: latest?.outlets ?? null,
    label: latest?.label ?? null,
    catalogNumber: latest?.catalogNumber ?? null,
    manufactureDate: null,
  });
}
