import { apiRoute } from "@/lib/http/api-route";
import { json, idParam } from "@/lib/http/responses";
import { readCsv } from "@/lib/http/read-csv";
import { getReleaseSales } from "@/lib/sales/get-release-sales";
import { importSales } from "@/lib/sales/import-sales";

export const GET = apiRoute(
  async ({ db, actor, params }) => json(await getReleaseSales(db, actor, idParam(params, "id", "Release"))),
  { roles: ["client", "employee"] },
);

export const POST = apiRoute(
  async ({ db, actor, params, req }) => {
    const releaseId = idParam(params, "id", "Release");
    return json(await importSales(db, actor, releaseId, await readCsv(req)), 201);
  },
  { roles: ["client"] },
);
