import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { licensees } from "@/db/schema";
import { requireEditor, scopeOf, type Actor } from "@/lib/auth/actor";
import { recordAudit } from "@/lib/audit/record-audit";
import { now } from "@/lib/clock";
import { DomainError } from "@/lib/errors";
import { parsePatch } from "@/lib/patch/parse-patch";
import { licenseeFieldSchemas } from "@/lib/requests/schemas";
import { findLicensee } from "./find-licensee";
import { getLicensee } from "./get-licensee";

/** PATCH /api/licensees/{id}: contact details, at any time; the change applies to every request of the licensee. */
export async function patchLicensee(db: Db, actor: Actor, licenseeId: string, body: unknown) {
  const editor = requireEditor(actor);
  const changes = parsePatch(body, licenseeFieldSchemas);
  await db.transaction(async (tx) => {
    const licensee = await findLicensee(tx, scopeOf(editor), licenseeId);
    if (changes.size === 0) return;
    const next = { ...licensee, ...Object.fromEntries(changes) };
    if (!next.lastName && !next.companyName) {
      throw new DomainError("invalid_patch", "A licensee needs a lastName or a companyName.", [
        { path: "lastName", message: "a licensee needs lastName or companyName" },
      ]);
    }
    if (!next.email) {
      throw new DomainError("invalid_patch", "A licensee needs an email.", [{ path: "email", message: "must not be empty" }]);
    }
    const values = Object.fromEntries(changes);
    await tx.update(licensees).set({ ...values, dateUpdated: now() }).where(eq(licensees.id, licensee.id));
    await recordAudit(tx, editor, {
      action: "licensee.patched",
      entityType: "licensee",
      entityId: licensee.id,
      accountId: licensee.accountId,
      detail: values,
    });
  });
  return getLicensee(db, editor, licenseeId);
}
