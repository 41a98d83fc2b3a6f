import { apiRoute } from "@/lib/http/api-route";
import { json, pathId } from "@/lib/http/responses";
import { readCsv } from "@/lib/http/read-csv";
import { importSales } from "@/lib/sales/import-sales";

export const POST = apiRoute(async ({ db, actor, params, req }) => {
  const releaseId = pathId(params.id, "Release");
  return json(await importSales(db, actor, releaseId, await readCsv(req)), 201);
}, { roles: ["client"] });
