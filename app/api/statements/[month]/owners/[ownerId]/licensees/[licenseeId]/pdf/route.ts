import { apiRoute } from "@/lib/http/api-route";
import { pdfResponse } from "@/lib/http/pdf-response";
import { idParam, uuidParam } from "@/lib/http/responses";
import { statementPdf } from "@/lib/statements/statement-documents";
import { monthParam } from "@/lib/statements/schemas";

export const GET = apiRoute(
  async ({ db, actor, params }) =>
    pdfResponse(
      await statementPdf(
        db,
        actor,
        monthParam(params.month),
        idParam(params, "ownerId", "Owner"),
        uuidParam(params, "licenseeId", "Licensee"),
      ),
    ),
  { roles: ["employee"] },
);
