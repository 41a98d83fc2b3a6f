import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { licensees } from "@/db/schema";
import { requireEditor, scopeOf, type Actor } from "@/lib/auth/actor";
import { recordAudit } from "@/lib/audit/record-audit";
import { now } from "@/lib/clock";
import { changedFields, invalidChange, parseChanges } from "@/lib/patch/parse-patch";
import { licenseeFields, licenseeRecordErrors, type LicenseeChanges } from "./fields";
import { findLicensee } from "./find-licensee";
import { getLicensee } from "./get-licensee";

/** PATCH /api/licensees/{id}'s body as typed changes; the JSON Patch paths are the field names. */
export const parseLicenseePatch = (body: unknown): LicenseeChanges => parseChanges(body, licenseeFields);

/** PATCH /api/licensees/{id}: contact details, at any time; the change applies to every request of the licensee. */
export async function patchLicensee(db: Db, actor: Actor, licenseeId: string, changes: LicenseeChanges) {
  const editor = requireEditor(actor);
  await db.transaction(async (tx) => {
    const licensee = await findLicensee(tx, scopeOf(editor), licenseeId);
    if (changedFields(changes).length === 0) return;
    const errors = licenseeRecordErrors({ ...licensee, ...changes });
    if (errors.length > 0) throw invalidChange(errors);
    await tx
      .update(licensees)
      .set({ ...changes, dateUpdated: now() })
      .where(eq(licensees.id, licensee.id));
    await recordAudit(tx, editor, {
      action: "licensee.patched",
      entityType: "licensee",
      entityId: licensee.id,
      accountId: licensee.accountId,
      detail: changes,
    });
  });
  return getLicensee(db, editor, licenseeId);
}
