import { desc, eq } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { albums, formats, salesAlerts, tracks } from "@/db/schema";

/**
 * The client dashboard's newest sales alerts of the account (client staff only: the caller passes its own account).
 * A report that jumped past both thresholds wrote both rows; only its 100 % one is listed.
 */
export async function listRecentSalesAlerts(db: Conn, accountId: number, limit = 5) {
  const rows = await db
    .select({
      id: salesAlerts.id,
      level: salesAlerts.level,
      sold: salesAlerts.soldUnits,
      licensed: salesAlerts.licensedUnits,
      trackId: salesAlerts.trackId,
      formatId: salesAlerts.formatId,
      songTitle: tracks.songTitle,
      albumId: albums.id,
      albumTitle: albums.title,
      format: formats.title,
      dateAdded: salesAlerts.dateAdded,
    })
    .from(salesAlerts)
    .innerJoin(tracks, eq(tracks.id, salesAlerts.trackId))
    .innerJoin(albums, eq(albums.id, tracks.albumId))
    .innerJoin(formats, eq(formats.id, salesAlerts.formatId))
    .where(eq(salesAlerts.accountId, accountId))
    .orderBy(desc(salesAlerts.dateAdded), desc(salesAlerts.id))
    .limit(limit * 2);
  const over = new Set(rows.filter((r) => r.level === 100).map((r) => `${r.trackId}/${r.formatId}/${r.licensed}`));
  return rows.filter((r) => r.level === 100 || !over.has(`${r.trackId}/${r.formatId}/${r.licensed}`)).slice(0, limit);
}
