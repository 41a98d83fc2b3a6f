import { scopeOf } from "@/lib/auth/actor";
import { apiRoute } from "@/lib/http/api-route";
import { jsonWithETag, idParam } from "@/lib/http/responses";
import { findRequestView } from "@/lib/requests/request-view";

export const GET = apiRoute(async ({ req, db, actor, params }) =>
  jsonWithETag(req, await findRequestView(db, scopeOf(actor), idParam(params, "id", "Request"))),
);
