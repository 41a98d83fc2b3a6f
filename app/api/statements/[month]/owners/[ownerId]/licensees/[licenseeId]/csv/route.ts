import { csvResponse } from "@/lib/http/csv-response";
import { apiRoute } from "@/lib/http/api-route";
import { pathId, pathUuid } from "@/lib/http/responses";
import { statementCsv } from "@/lib/statements/statement-documents";
import { pathMonth } from "@/lib/statements/schemas";

export const GET = apiRoute(
  async ({ db, actor, params }) =>
    csvResponse(
      await statementCsv(
        db,
        actor,
        pathMonth(params.month),
        pathId(params.ownerId, "Owner"),
        pathUuid(params.licenseeId, "Licensee"),
      ),
    ),
  { roles: ["employee"] },
);
