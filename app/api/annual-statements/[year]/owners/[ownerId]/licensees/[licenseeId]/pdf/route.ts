import { apiRoute } from "@/lib/http/api-route";
import { pdfResponse } from "@/lib/http/pdf-response";
import { pathId, pathUuid } from "@/lib/http/responses";
import { annualStatementPdf } from "@/lib/statements/statement-documents";
import { pathYear } from "@/lib/statements/schemas";

export const GET = apiRoute(
  async ({ db, actor, params }) =>
    pdfResponse(
      await annualStatementPdf(
        db,
        actor,
        pathYear(params.year),
        pathId(params.ownerId, "Owner"),
        pathUuid(params.licenseeId, "Licensee"),
      ),
    ),
  { roles: ["employee"] },
);
