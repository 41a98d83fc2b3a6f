import { apiRoute } from "@/lib/http/api-route";
import { pdfResponse } from "@/lib/http/pdf-response";
import { pathId, pathUuid } from "@/lib/http/responses";
import { statementPdf } from "@/lib/statements/statement-documents";
import { pathMonth } from "@/lib/statements/schemas";

export const GET = apiRoute(
  async ({ db, actor, params }) =>
    pdfResponse(
      await statementPdf(
        db,
        actor,
        pathMonth(params.month),
        pathId(params.ownerId, "Owner"),
        pathUuid(params.licenseeId, "Licensee"),
      ),
    ),
  { roles: ["employee"] },
);
