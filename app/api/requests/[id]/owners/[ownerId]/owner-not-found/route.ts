import { apiRoute } from "@/lib/http/api-route";
import { json, pathId } from "@/lib/http/responses";
import { markOwnerNotFound } from "@/lib/licensing/mark-owner-not-found";

export const POST = apiRoute(
  async ({ db, actor, params }) =>
    json(await markOwnerNotFound(db, actor, pathId(params.id, "Request"), pathId(params.ownerId, "Owner"))),
  { roles: ["employee"] },
);
