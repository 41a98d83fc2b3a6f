import { and, eq, inArray, sql } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { releaseTracks, salesLines } from "@/db/schema";
import { requireRole, scopeOf, type Actor } from "@/lib/auth/actor";
import { findRelease } from "@/lib/releases/find-release";
import {
  levelOf,
  shortfallPlan,
  type AlertLevel,
  type ShortfallPlan,
  type Standing,
  type TrackUnits,
} from "./sales-levels";
import { licensedUnits, pendingUnits } from "./sales-standing";

type TrackSales = Standing & { pending: number; level: AlertLevel | null };
export type ReleaseSales = {
  releaseId: number;
  albumId: number;
  formatId: number;
  tracks: TrackSales[];
  level: AlertLevel | null;
  plan: ShortfallPlan | null;
};

/**
 * GET /api/releases/{id}/sales: where every track the release carries stands in the release's format, sold against
 * licensed (both pooled over the album's releases of that format, as the alerts count them), with the units still
 * being licensed and the reorder the album page would offer. Client staff and employees; licensees never see sales.
 */
export async function getReleaseSales(db: Conn, actor: Actor, releaseId: number): Promise<ReleaseSales> {
  requireRole(actor, ["client", "employee"], "read sales");
  const release = await findRelease(db, scopeOf(actor), releaseId);
  const carried = await db
    .select({ trackId: releaseTracks.trackId })
    .from(releaseTracks)
    .where(eq(releaseTracks.releaseId, release.id));
  const trackIds = carried.map((c) => c.trackId).sort((a, b) => a - b);
  const { accountId, formatId } = release;
  const [sold, licensed, pending] = await Promise.all([
    trackIds.length === 0
      ? Promise.resolve([])
      : db
          .select({
            trackId: salesLines.trackId,
            formatId: salesLines.formatId,
            units: sql<number>`sum(${salesLines.units})::int`,
          })
          .from(salesLines)
          .where(
            and(
              eq(salesLines.accountId, accountId),
              eq(salesLines.formatId, formatId),
              inArray(salesLines.trackId, trackIds),
            ),
          )
          .groupBy(salesLines.trackId, salesLines.formatId),
    licensedUnits(db, accountId, trackIds),
    pendingUnits(db, accountId, trackIds),
  ]);
  const unitsOf = (list: TrackUnits[], trackId: number) =>
    list.find((u) => u.trackId === trackId && u.formatId === formatId)?.units ?? 0;
  const standings = trackIds.map((trackId) => ({
    trackId,
    formatId,
    sold: unitsOf(sold, trackId),
    licensed: unitsOf(licensed, trackId),
  }));
  const tracks = standings.map((s) => ({ ...s, pending: unitsOf(pending, s.trackId), level: levelOf(s) }));
  const levels = tracks.map((t) => t.level).filter((l) => l !== null);
  return {
    releaseId: release.id,
    albumId: release.albumId,
    formatId,
    tracks,
    level: levels.length > 0 ? (Math.max(...levels) as AlertLevel) : null,
    plan: shortfallPlan(standings, formatId, pending),
  };
}
