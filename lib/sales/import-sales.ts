import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { formats, releaseTracks, salesLines, tracks } from "@/db/schema";
import { requireRole, scopeOf, type Actor } from "@/lib/auth/actor";
import { lockAlbum } from "@/lib/albums/find-album";
import { recordAudit } from "@/lib/audit/record-audit";
import { validationFailed, type FieldError } from "@/lib/errors";
import { findRelease } from "@/lib/releases/find-release";
import { raiseSalesAlerts, type SalesAlert } from "./raise-sales-alerts";
import { parseSalesCsv, type SalesCsvLine } from "./sales-csv";
import type { Standing } from "./sales-levels";
import { salesStanding } from "./sales-standing";

export type SalesImport = { batchId: string; lines: number; standings: Standing[]; alerts: SalesAlert[] };

type CarriedTrack = { id: number; isrc: string | null; externalTrackId: string | null };

/**
 * POST /api/releases/{id}/sales and the album page's upload: a sales report of one release, all or nothing. Each
 * line names a track the release carries and the release's format; the lines are stored, the sums per track and
 * format recomputed and the thresholds they reach alerted, in one transaction (the album locked, so two uploads
 * cannot both miss a threshold they cross together).
 */
export async function importSales(db: Db, actor: Actor, releaseId: number, csv: string): Promise<SalesImport> {
  const client = requireRole(actor, ["client"], "upload sales reports");
  const parsed = parseSalesCsv(csv);
  return db.transaction(async (tx) => {
    const release = await findRelease(tx, scopeOf(client), releaseId);
    await lockAlbum(tx, release.albumId);
    const [format] = await tx.select().from(formats).where(eq(formats.id, release.formatId));
    const carried = await tx
      .select({ id: tracks.id, isrc: tracks.isrc, externalTrackId: tracks.externalTrackId })
      .from(releaseTracks)
      .innerJoin(tracks, eq(tracks.id, releaseTracks.trackId))
      .where(eq(releaseTracks.releaseId, release.id));
    const errors: FieldError[] = [];
    const resolved: { l: SalesCsvLine; trackId: number }[] = [];
    for (const l of parsed) {
      const trackId = resolveTrack(carried, l, errors);
      if (trackId !== undefined) resolved.push({ l, trackId });
      if (!format || (l.format !== String(format.id) && l.format.toLowerCase() !== format.title.toLowerCase())) {
        errors.push({
          path: `lines.${l.line}.format`,
          message: `must be the release's format: ${format?.id} or "${format?.title}"`,
        });
      }
    }
    if (errors.length > 0) throw validationFailed(errors);
    const batchId = randomUUID();
    await tx.insert(salesLines).values(
      resolved.map(({ l, trackId }) => ({
        accountId: client.accountId,
        releaseId: release.id,
        trackId,
        formatId: release.formatId,
        soldOn: l.soldOn,
        store: l.store,
        units: l.units,
        batchId,
      })),
    );
    const trackIds = [...new Set(resolved.map((r) => r.trackId))];
    const standings = (await salesStanding(tx, client.accountId, trackIds)).filter(
      (s) => s.formatId === release.formatId,
    );
    const alerts = await raiseSalesAlerts(tx, client.accountId, release.id, standings);
    await recordAudit(tx, client, {
      action: "sales.imported",
      entityType: "release",
      entityId: release.id,
      accountId: client.accountId,
      detail: { batchId, lines: parsed.length, alerts: alerts.map((a) => ({ trackId: a.trackId, level: a.level })) },
    });
    return { batchId, lines: parsed.length, standings, alerts };
  });
}

/** The carried track a line names; a name that fits no track, or several, is that line's error. */
function resolveTrack(carried: CarriedTrack[], l: SalesCsvLine, errors: FieldError[]): number | undefined {
  const { by, value } = l.track;
  const matches = carried.filter((t) => (by === "trackId" ? t.id === value : t[by] === value));
  const [only] = matches;
  if (only && matches.length === 1) return only.id;
  const message =
    matches.length === 0
      ? `names no track of this release (${value})`
      : `fits ${matches.length} tracks of this release: use the track id`;
  errors.push({ path: `lines.${l.line}.${by}`, message });
  return undefined;
}
