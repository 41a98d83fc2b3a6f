import { scopeOf } from "@/lib/auth/actor";
import { apiRoute } from "@/lib/http/api-route";
import { json, pathId } from "@/lib/http/responses";
import { findRequestView } from "@/lib/requests/request-view";

export const GET = apiRoute(async ({ db, actor, params }) =>
  json(await findRequestView(db, scopeOf(actor), pathId(params.id, "Request"))),
);
