import { csvResponse } from "@/lib/http/csv-response";
import { apiRoute } from "@/lib/http/api-route";
import { idParam, uuidParam } from "@/lib/http/responses";
import { statementCsv } from "@/lib/statements/statement-documents";
import { monthParam } from "@/lib/statements/schemas";

export const GET = apiRoute(
  async ({ db, actor, params }) =>
    csvResponse(
      await statementCsv(
        db,
        actor,
        monthParam(params.month),
        idParam(params, "ownerId", "Owner"),
        uuidParam(params, "licenseeId", "Licensee"),
      ),
    ),
  { roles: ["employee"] },
);
