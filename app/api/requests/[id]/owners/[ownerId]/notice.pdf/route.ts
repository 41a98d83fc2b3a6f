import { apiRoute } from "@/lib/http/api-route";
import { pdfResponse } from "@/lib/http/pdf-response";
import { idParam } from "@/lib/http/responses";
import { noticeLetter } from "@/lib/licensing/notice-letter";

export const GET = apiRoute(
  async ({ db, actor, params }) =>
    pdfResponse(await noticeLetter(db, actor, idParam(params, "id", "Request"), idParam(params, "ownerId", "Owner"))),
  { roles: ["employee"] },
);
