import { apiRoute } from "@/lib/http/api-route";
import { json, idParam } from "@/lib/http/responses";
import { acknowledgeChanges } from "@/lib/requests/acknowledge-changes";

export const POST = apiRoute(
  async ({ db, actor, params }) => json(await acknowledgeChanges(db, actor, idParam(params, "id", "Request"))),
  { roles: ["employee"] },
);
