import { apiRoute } from "@/lib/http/api-route";
import { csvResponse } from "@/lib/http/csv-response";
import { idParam } from "@/lib/http/responses";
import { importResultCsv } from "@/lib/imports/import-result-csv";

export const GET = apiRoute(
  async ({ db, actor, params }) => csvResponse(await importResultCsv(db, actor, idParam(params, "id", "Import"))),
  {
    roles: ["client", "employee"],
  },
);
