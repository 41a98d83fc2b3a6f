import * as importRoute from "@/app/api/imports/[id]/route";
import * as importResultRoute from "@/app/api/imports/[id]/result.csv/route";
import type { IdRoute } from "./id-routes";

/** Imports: their account's; staff may read them too. */
export const IMPORT_ID_ROUTES: IdRoute[] = [
  { name: "GET /api/imports/{id}", handler: importRoute.GET, params: (t) => ({ id: String(t.importId) }) },
  {
    name: "GET /api/imports/{id}/result.csv",
    handler: importResultRoute.GET,
    params: (t) => ({ id: String(t.importId) }),
  },
];
