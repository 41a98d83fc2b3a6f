"use server";

import { formAction } from "@/lib/forms/form-action";
import { pathUuid } from "@/lib/http/responses";
import { licenseeChanges } from "@/lib/licensees/fields";
import { patchLicensee } from "@/lib/licensees/patch-licensee";

/** Contact details may change at any time; the same changes and use case as PATCH /api/licensees/{id}. */
export async function patchLicenseeAction(licenseeId: string, values: unknown) {
  const options = {
    roles: ["employee", "client"],
    doing: "change licensees",
    schema: licenseeChanges,
    values,
  } as const;
  return formAction({ ...options, revalidate: [`/licensees/${licenseeId}`] }, async ({ db, actor, input }) => {
    await patchLicensee(db, actor, pathUuid(licenseeId, "Licensee"), input);
    return null;
  });
}
