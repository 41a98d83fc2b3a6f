import { apiRoute } from "@/lib/http/api-route";
import { pdfResponse } from "@/lib/http/pdf-response";
import { idParam } from "@/lib/http/responses";
import { licenseDocument } from "@/lib/licensing/license-document";

export const GET = apiRoute(async ({ db, actor, params }) =>
  pdfResponse(await licenseDocument(db, actor, idParam(params, "id", "Request"))),
);
