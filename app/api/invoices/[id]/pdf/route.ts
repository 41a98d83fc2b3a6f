import { apiRoute } from "@/lib/http/api-route";
import { pdfResponse } from "@/lib/http/pdf-response";
import { pathId } from "@/lib/http/responses";
import { invoiceDocument } from "@/lib/money/invoice-document";

export const GET = apiRoute(
  async ({ db, actor, params }) => pdfResponse(await invoiceDocument(db, actor, pathId(params.id, "Invoice"))),
  {
    roles: ["client", "employee"],
  },
);
