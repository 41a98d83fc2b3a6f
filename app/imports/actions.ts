"use server";

import { confirmImport } from "@/lib/imports/confirm-import";
import { uploadCsvInput, uploadImportCsv } from "@/lib/imports/upload-import-csv";
import { formAction } from "@/lib/forms/form-action";
import { pathId } from "@/lib/http/responses";

// The portal's imports: the same use cases as POST /api/imports (upload and check) and the filing job's queue.
const importers = { roles: ["client"], doing: "import requests" } as const;

export async function uploadImportAction(values: unknown) {
  return formAction(
    { ...importers, schema: uploadCsvInput, values, revalidate: ["/imports"] },
    async ({ db, actor, input }) => {
      const view = await uploadImportCsv(db, actor, input);
      return { id: view.id };
    },
  );
}

export async function confirmImportAction(importId: number) {
  return formAction({ ...importers, revalidate: [`/imports/${importId}`, "/imports"] }, async ({ db, actor }) => {
    await confirmImport(db, actor, pathId(String(importId), "Import"));
    return null;
  });
}
