import { apiRoute } from "@/lib/http/api-route";
import { parseQuery } from "@/lib/query-params";
import { json, idParam } from "@/lib/http/responses";
import { getImport, importRowsQuery } from "@/lib/imports/get-import";

export const GET = apiRoute(
  async ({ db, actor, params, url }) =>
    json(await getImport(db, actor, idParam(params, "id", "Import"), parseQuery(importRowsQuery, url))),
  { roles: ["client", "employee"] },
);
