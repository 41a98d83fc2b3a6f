import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { releases } from "@/db/schema";
import { lockAlbum } from "@/lib/albums/find-album";
import { recordAudit } from "@/lib/audit/record-audit";
import { requireEditor, scopeOf, type Actor } from "@/lib/auth/actor";
import { now } from "@/lib/clock";
import { albumLockState, assertEditable } from "@/lib/locks/edit-locks";
import { changedFields, invalidChange, parseChanges } from "@/lib/patch/parse-patch";
import { refuseBlanketLicensed } from "@/lib/releases/blanket-licensed-services";
import { releaseFields, releaseFormatErrors, type ReleaseChanges } from "@/lib/releases/fields";
import { findTrackRelease } from "@/lib/releases/find-release";
import { manufactureDateErrors } from "@/lib/releases/manufacture-date";
import { checkReleaseDate } from "@/lib/releases/release-date";
import { toReleaseView } from "@/lib/releases/release-view";
import { loadRateTable } from "@/lib/royalties/load-rate-table";
import { recomputeRoyalties } from "@/lib/royalties/recompute-royalties";
import { noteChangesSinceReady } from "./note-changes-since-ready";

/** The release fields a client's change to flags a request past `ready` (noteChangesSinceReady), as the timeline names them. */
const LABEL = {
  releaseQuantity: "units",
  formatId: "format",
  releaseMonth: "release month",
  releaseYear: "release year",
} as const;
const AMOUNT_FIELDS = Object.keys(LABEL) as (keyof typeof LABEL)[];

/** PATCH /api/tracks/{id}/releases/{releaseId}'s body as typed changes; the JSON Patch paths are the field names. */
export const parseReleasePatch = (body: unknown): ReleaseChanges => parseChanges(body, releaseFields);

/**
 * PATCH /api/tracks/{id}/releases/{releaseId}: until licensing has begun on a request of the release; a new month
 * or year must pass the release-date rules; a manufacture date (physical formats) its own, which a new format, month
 * or year must still meet; new outlets (or a change to streams) must not be blanket-licensed services
 * (docs/product-rules.md, "Interactive streams"); the royalty of every request on the release is recomputed, and the
 * database moves its requests' notice due date with the month and the manufacture date (migration 0027's trigger).
 */
export async function patchRelease(db: Db, actor: Actor, trackId: number, releaseId: number, changes: ReleaseChanges) {
  const editor = requireEditor(actor);
  const fields = changedFields(changes);
  const table = await loadRateTable(db);
  return db.transaction(async (tx) => {
    const found = await findTrackRelease(tx, scopeOf(editor), trackId, releaseId);
    if (fields.length === 0) return toReleaseView(found);
    await lockAlbum(tx, found.albumId);
    const release = await findTrackRelease(tx, scopeOf(editor), trackId, releaseId); // re-read under the lock
    assertEditable(await albumLockState(tx, release.albumId), { resource: "release", releaseId }, fields);
    const values = Object.fromEntries(fields.map((field) => [field, changes[field]])) as ReleaseChanges;
    const next = { ...release, ...values };
    const errors = releaseFormatErrors(table, next);
    if (errors.length > 0) throw invalidChange(errors);
    const dateErrors = manufactureDateErrors(table, next, { checkPast: changes.manufactureDate !== undefined });
    if (dateErrors.length > 0) throw invalidChange(dateErrors);
    if (values.formatId !== undefined || values.expectedOutletsOfDistribution !== undefined)
      await refuseBlanketLicensed(tx, next, "expectedOutletsOfDistribution");
    if (changes.releaseMonth !== undefined || changes.releaseYear !== undefined)
      checkReleaseDate(next.releaseMonth, next.releaseYear);
    const [updated] = await tx
      .update(releases)
      .set({ ...values, dateUpdated: now() })
      .where(eq(releases.id, releaseId))
      .returning();
    const recomputed = await recomputeRoyalties(tx, table, { releaseId });
    await noteChangesSinceReady(
      tx,
      editor,
      recomputed,
      AMOUNT_FIELDS.filter((f) => values[f] !== undefined && values[f] !== release[f]).map((f) => ({
        label: LABEL[f],
        from: release[f],
        to: values[f]!,
      })),
    );
    await recordAudit(tx, editor, {
      action: "release.patched",
      entityType: "release",
      entityId: releaseId,
      accountId: release.accountId,
      detail: values,
    });
    return toReleaseView(updated!);
  });
}
