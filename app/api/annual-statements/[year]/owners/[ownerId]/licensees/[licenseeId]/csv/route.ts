import { csvResponse } from "@/lib/http/csv-response";
import { apiRoute } from "@/lib/http/api-route";
import { pathId, pathUuid } from "@/lib/http/responses";
import { annualStatementCsv } from "@/lib/statements/statement-documents";
import { pathYear } from "@/lib/statements/schemas";

export const GET = apiRoute(
  async ({ db, actor, params }) =>
    csvResponse(
      await annualStatementCsv(
        db,
        actor,
        pathYear(params.year),
        pathId(params.ownerId, "Owner"),
        pathUuid(params.licenseeId, "Licensee"),
      ),
    ),
  { roles: ["employee"] },
);
