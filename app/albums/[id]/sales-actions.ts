"use server";

import { postedForm } from "@/lib/forms/posted-form";
import { formAction } from "@/lib/forms/form-action";
import { pathId } from "@/lib/http/responses";
import { importSales } from "@/lib/sales/import-sales";
import { reorderShortfall, shortfallReorderSchema } from "@/lib/sales/shortfall-reorder";
import { salesUploadSchema } from "@/lib/sales/sales-upload-schema";

const clientStaff = { roles: ["client"] } as const;

/** "Upload sales report": POST /api/releases/{id}/sales's use case with the file's text. */
export async function uploadSalesAction(albumId: number, posted: FormData) {
  const data = postedForm(posted);
  const options = {
    ...clientStaff,
    doing: "upload sales reports",
    schema: salesUploadSchema,
    values: Object.fromEntries(data),
    revalidate: [`/albums/${albumId}`],
  };
  return formAction(options, async ({ db, actor, input }) => {
    const imported = await importSales(
      db,
      actor,
      pathId(String(input.releaseId), "Release"),
      await input.report.text(),
    );
    return { lines: imported.lines, alerts: imported.alerts.length };
  });
}

/** The over-quantity warning's one-click reorder (POST /api/tracks/{id}/requests's use case), for the format that ran over. */
export async function reorderShortfallAction(albumId: number, formatId: number, posted: FormData) {
  const data = postedForm(posted);
  const values = { formatId, marginPercent: data.get("marginPercent") };
  const options = {
    ...clientStaff,
    doing: "reorder",
    schema: shortfallReorderSchema,
    values,
    revalidate: [`/albums/${albumId}`, "/requests"],
  };
  return formAction(options, async ({ db, actor, input }) => {
    const created = await reorderShortfall(db, actor, pathId(String(albumId), "Album"), input);
    return { requestIds: created.map((r) => r.id) };
  });
}
