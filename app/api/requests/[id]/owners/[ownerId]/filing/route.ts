import { apiRoute } from "@/lib/http/api-route";
import { pdfResponse } from "@/lib/http/pdf-response";
import { idParam } from "@/lib/http/responses";
import { filingDocument } from "@/lib/licensing/filing-document";

export const GET = apiRoute(
  async ({ db, actor, params }) =>
    pdfResponse(await filingDocument(db, actor, idParam(params, "id", "Request"), idParam(params, "ownerId", "Owner"))),
  { roles: ["employee"] },
);
