import { apiRoute } from "@/lib/http/api-route";
import { pdfResponse } from "@/lib/http/pdf-response";
import { idParam } from "@/lib/http/responses";
import { invoiceDocument } from "@/lib/money/invoice-document";

export const GET = apiRoute(
  async ({ db, actor, params }) => pdfResponse(await invoiceDocument(db, actor, idParam(params, "id", "Invoice"))),
  {
    roles: ["client", "employee"],
  },
);
