import { apiRoute } from "@/lib/http/api-route";
import { pdfResponse } from "@/lib/http/pdf-response";
import { idParam, uuidParam } from "@/lib/http/responses";
import { annualStatementPdf } from "@/lib/statements/statement-documents";
import { yearParam } from "@/lib/statements/schemas";

export const GET = apiRoute(
  async ({ db, actor, params }) =>
    pdfResponse(
      await annualStatementPdf(
        db,
        actor,
        yearParam(params.year),
        idParam(params, "ownerId", "Owner"),
        uuidParam(params, "licenseeId", "Licensee"),
      ),
    ),
  { roles: ["employee"] },
);
