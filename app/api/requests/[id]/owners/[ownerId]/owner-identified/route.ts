import { apiRoute } from "@/lib/http/api-route";
import { json, pathId } from "@/lib/http/responses";
import { markOwnerIdentified } from "@/lib/licensing/mark-owner-identified";

export const POST = apiRoute(
  async ({ db, actor, params }) =>
    json(await markOwnerIdentified(db, actor, pathId(params.id, "Request"), pathId(params.ownerId, "Owner"))),
  { roles: ["employee"] },
);
