import { apiRoute } from "@/lib/http/api-route";
import { pdfResponse } from "@/lib/http/pdf-response";
import { pathId } from "@/lib/http/responses";
import { noticeLetter } from "@/lib/licensing/notice-letter";

export const GET = apiRoute(
  async ({ db, actor, params }) =>
    pdfResponse(await noticeLetter(db, actor, pathId(params.id, "Request"), pathId(params.ownerId, "Owner"))),
  { roles: ["employee"] },
);
