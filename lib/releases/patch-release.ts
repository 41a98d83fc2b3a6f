import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { releases } from "@/db/schema";
import { requireEditor, scopeOf, type Actor } from "@/lib/auth/actor";
import { lockAlbum } from "@/lib/albums/find-album";
import { recordAudit } from "@/lib/audit/record-audit";
import { now } from "@/lib/clock";
import { DomainError } from "@/lib/errors";
import { albumLockState, assertEditable } from "@/lib/locks/edit-locks";
import { parsePatch } from "@/lib/patch/parse-patch";
import { formatId, outlets, releaseMonth, releaseQuantity, releaseYear } from "@/lib/requests/schemas";
import { loadRateTable } from "@/lib/royalties/load-rate-table";
import { recomputeRoyalties } from "@/lib/royalties/recompute-royalties";
import { findTrackRelease } from "./find-release";
import { checkReleaseDate } from "./release-date";
import { toReleaseView } from "./release-view";

export const releasePatchFields = {
  formatId,
  releaseMonth,
  releaseYear,
  releaseQuantity,
  expectedOutletsOfDistribution: outlets,
};

/**
 * PATCH /api/tracks/{id}/releases/{releaseId}: until licensing has begun on a request of the release; a new month
 * or year must pass the release-date rules; the royalty of every request on the release is recomputed.
 */
export async function patchRelease(db: Db, actor: Actor, trackId: number, releaseId: number, body: unknown) {
  const editor = requireEditor(actor);
  const changes = parsePatch(body, releasePatchFields);
  return db.transaction(async (tx) => {
    const found = await findTrackRelease(tx, scopeOf(editor), trackId, releaseId);
    if (changes.size === 0) return toReleaseView(found);
    await lockAlbum(tx, found.albumId);
    const release = await findTrackRelease(tx, scopeOf(editor), trackId, releaseId); // re-read under the lock
    assertEditable(await albumLockState(tx, release.albumId), { resource: "release", releaseId }, [...changes.keys()]);
    const next = { ...release, ...(Object.fromEntries(changes) as Partial<typeof release>) };
    const table = await loadRateTable(tx);
    const format = table.formats.get(next.formatId);
    if (!format) {
      throw new DomainError("invalid_patch", `Unknown formatId ${next.formatId}.`, [
        { path: "formatId", message: `unknown format; known formats: ${[...table.formats.keys()].join(", ")}` },
      ]);
    }
    if (format.requiresOutlets && !next.expectedOutletsOfDistribution) {
      throw new DomainError("invalid_patch", `${format.title} needs expectedOutletsOfDistribution.`, [
        { path: "expectedOutletsOfDistribution", message: "a summary of the distribution outlets is required" },
      ]);
    }
    if (changes.has("releaseMonth") || changes.has("releaseYear")) checkReleaseDate(next.releaseMonth, next.releaseYear);
    const [updated] = await tx
      .update(releases)
      .set({ ...Object.fromEntries(changes), dateUpdated: now() })
      .where(eq(releases.id, releaseId))
      .returning();
    await recomputeRoyalties(tx, { releaseIds: [releaseId] });
    await recordAudit(tx, editor, {
      action: "release.patched",
      entityType: "release",
      entityId: releaseId,
      accountId: release.accountId,
      detail: Object.fromEntries(changes),
    });
    return toReleaseView(updated!);
  });
}
