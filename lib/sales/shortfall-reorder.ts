import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/db/client";
import { releases } from "@/db/schema";
import { scopeOf, type Actor } from "@/lib/auth/actor";
import { findAlbum } from "@/lib/albums/find-album";
import { validationFailed } from "@/lib/errors";
import { reorderTrack } from "@/lib/requests/reorder-track";
import type { RequestView } from "@/lib/requests/request-view";
import { requireClient } from "@/lib/requests/require-client";
import { albumTrackRows } from "@/lib/tracks/track-view";
import { salesStanding, shortfallOf, type Standing } from "./sales-standing";

/** The margins the one-click reorder offers, in percent of the units sold so far. */
export const REORDER_MARGINS = [0, 10, 25] as const;

export const shortfallReorderSchema = z.strictObject({
  formatId: z.coerce.number().int().positive(),
  marginPercent: z.coerce
    .number()
    .refine((m) => (REORDER_MARGINS as readonly number[]).includes(m), `must be one of ${REORDER_MARGINS.join(", ")}`),
});
export type ShortfallReorderInput = z.output<typeof shortfallReorderSchema>;

/** What the one-click reorder files for a format: the track with the largest shortfall decides for the whole album. */
export type ShortfallPlan = { formatId: number; trackId: number; sold: number; licensed: number; shortfall: number; tracksOver: number };

/** The plan for a format, or null while no track of the album sold all its licensed units there (product.md §13). */
export function shortfallPlan(standings: Standing[], formatId: number): ShortfallPlan | null {
  const over = standings.filter((s) => s.formatId === formatId && s.sold >= s.licensed && s.sold > 0);
  const [largest] = over.toSorted((a, b) => shortfallOf(b) - shortfallOf(a) || b.sold - a.sold);
  if (!largest) return null;
  return { formatId, trackId: largest.trackId, sold: largest.sold, licensed: largest.licensed, shortfall: shortfallOf(largest), tracksOver: over.length };
}

/** The units to reorder: the shortfall plus the margin (a share of the units sold so far), at least one. */
export const reorderUnits = (plan: Pick<ShortfallPlan, "sold" | "shortfall">, marginPercent: number) =>
  Math.max(1, plan.shortfall + Math.ceil((plan.sold * marginPercent) / 100));

/**
 * The over-quantity warning's one-click reorder: the same use case as POST /api/tracks/{id}/requests (a new release
 * for every track of the album), in the format that ran over, for the largest shortfall plus the chosen margin, its
 * outlets copied from the album's latest release in that format.
 */
export async function reorderShortfall(db: Db, actor: Actor, albumId: number, input: ShortfallReorderInput): Promise<RequestView[]> {
  const client = requireClient(actor, "reorder");
  const album = await findAlbum(db, scopeOf(client), albumId);
  const trackIds = (await albumTrackRows(db, album.id)).map((t) => t.id);
  const plan = shortfallPlan(await salesStanding(db, client.accountId, trackIds), input.formatId);
  if (!plan) throw validationFailed([{ path: "formatId", message: "no track of this album sold all its licensed units in this format" }]);
  const [latest] = await db
    .select({ outlets: releases.expectedOutletsOfDistribution })
    .from(releases)
    .where(and(eq(releases.albumId, album.id), eq(releases.formatId, input.formatId)))
    .orderBy(desc(releases.dateAdded), desc(releases.id))
    .limit(1);
  return reorderTrack(db, client, plan.trackId, {
    formatId: input.formatId,
    releaseQuantity: reorderUnits(plan, input.marginPercent),
    expectedOutletsOfDistribution: latest?.outlets ?? null,
  });
}
