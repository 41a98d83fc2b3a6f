"use server";

import { getDb } from "@/db";
import { requireActor } from "@/lib/auth/session";
import { pathUuid } from "@/lib/http/responses";
import { patchLicensee } from "@/lib/licensees/patch-licensee";
import { runPatch, type PatchOp } from "@/lib/portal/patch-ops";

/** Contact details may change at any time; the same use case as PATCH /api/licensees/{id}. */
export async function patchLicenseeAction(licenseeId: string, ops: PatchOp[]) {
  const { actor } = await requireActor();
  const db = await getDb();
  return runPatch(ops, (body) => patchLicensee(db, actor, pathUuid(licenseeId, "Licensee"), body));
}
