import { csvResponse } from "@/lib/http/csv-response";
import { apiRoute } from "@/lib/http/api-route";
import { idParam, uuidParam } from "@/lib/http/responses";
import { annualStatementCsv } from "@/lib/statements/statement-documents";
import { yearParam } from "@/lib/statements/schemas";

export const GET = apiRoute(
  async ({ db, actor, params }) =>
    csvResponse(
      await annualStatementCsv(
        db,
        actor,
        yearParam(params.year),
        idParam(params, "ownerId", "Owner"),
        uuidParam(params, "licenseeId", "Licensee"),
      ),
    ),
  { roles: ["employee"] },
);
