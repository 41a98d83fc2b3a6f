import { apiRoute } from "@/lib/http/api-route";
import { json, idParam } from "@/lib/http/responses";
import { markOwnerNotFound } from "@/lib/licensing/mark-owner-not-found";

export const POST = apiRoute(
  async ({ db, actor, params }) =>
    json(await markOwnerNotFound(db, actor, idParam(params, "id", "Request"), idParam(params, "ownerId", "Owner"))),
  { roles: ["employee"] },
);
