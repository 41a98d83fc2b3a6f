import { apiRoute } from "@/lib/http/api-route";
import { json, idParam } from "@/lib/http/responses";
import { markOwnerIdentified } from "@/lib/licensing/mark-owner-identified";

export const POST = apiRoute(
  async ({ db, actor, params }) =>
    json(await markOwnerIdentified(db, actor, idParam(params, "id", "Request"), idParam(params, "ownerId", "Owner"))),
  { roles: ["employee"] },
);
