import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { salesLines } from "@/db/schema";
import { scopeOf, type Actor } from "@/lib/auth/actor";
import { findAlbum } from "@/lib/albums/find-album";
import { albumTrackRows } from "@/lib/tracks/track-view";
import { levelOf, shortfallPlan, type AlertLevel, type FormatSales, type Standing } from "./sales-levels";
import { pendingUnits, salesStanding } from "./sales-standing";

/**
 * The album page's sales: per format (sales pool across the album's releases of that format, as licensed units do),
 * for client staff and employees; null for licensee users, who are never shown sales or alerts (docs/product-rules.md, "Sales alerts").
 */
export async function getAlbumSales(db: Conn, actor: Actor, albumId: number): Promise<FormatSales[] | null> {
  if (actor.kind === "licensee") return null;
  const album = await findAlbum(db, scopeOf(actor), albumId);
  const trackIds = (await albumTrackRows(db, album.id)).map((t) => t.id);
  const [standings, pending, daily] = await Promise.all([
    salesStanding(db, album.accountId, trackIds),
    pendingUnits(db, album.accountId, trackIds),
    trackIds.length === 0
      ? Promise.resolve([])
      : db
          .select({
            trackId: salesLines.trackId,
            formatId: salesLines.formatId,
            date: salesLines.soldOn,
            units: sql<number>`sum(${salesLines.units})::int`,
          })
          .from(salesLines)
          .where(and(eq(salesLines.accountId, album.accountId), inArray(salesLines.trackId, trackIds)))
          .groupBy(salesLines.trackId, salesLines.formatId, salesLines.soldOn)
          .orderBy(asc(salesLines.soldOn)),
  ]);
  const formatIds = [...new Set(standings.map((s) => s.formatId))].sort((a, b) => a - b);
  return formatIds.map((formatId) => {
    const inFormat = standings.filter((s) => s.formatId === formatId);
    const ratio = (s: Standing) => (s.licensed === 0 ? Infinity : s.sold / s.licensed);
    const [leading] = inFormat.toSorted((a, b) => ratio(b) - ratio(a) || b.sold - a.sold);
    const levels = inFormat.map(levelOf).filter((l) => l !== null);
    let total = 0;
    const points = daily
      .filter((d) => d.formatId === formatId && d.trackId === leading?.trackId)
      .map((d) => ({ date: d.date, units: (total += d.units) }));
    return {
      formatId,
      standings: inFormat,
      level: levels.length > 0 ? (Math.max(...levels) as AlertLevel) : null,
      plan: shortfallPlan(standings, formatId, pending),
      chart: { trackId: leading?.trackId ?? 0, licensed: leading?.licensed ?? 0, points },
    };
  });
}
