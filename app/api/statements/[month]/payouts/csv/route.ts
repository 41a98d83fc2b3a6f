import { csvResponse } from "@/lib/http/csv-response";
import { apiRoute } from "@/lib/http/api-route";
import { payoutCsv } from "@/lib/statements/statement-documents";
import { monthParam } from "@/lib/statements/schemas";

export const GET = apiRoute(
  async ({ db, actor, params }) => csvResponse(await payoutCsv(db, actor, monthParam(params.month))),
  { roles: ["employee"] },
);
