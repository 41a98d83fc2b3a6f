import { apiRoute } from "@/lib/http/api-route";
import { pdfResponse } from "@/lib/http/pdf-response";
import { pathId } from "@/lib/http/responses";
import { filingDocument } from "@/lib/licensing/filing-document";

export const GET = apiRoute(
  async ({ db, actor, params }) =>
    pdfResponse(await filingDocument(db, actor, pathId(params.id, "Request"), pathId(params.ownerId, "Owner"))),
  { roles: ["employee"] },
);
