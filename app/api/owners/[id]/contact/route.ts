import { apiRoute } from "@/lib/http/api-route";
import { json, idParam } from "@/lib/http/responses";
import { ownerContactSchema } from "@/lib/songs/schemas";
import { setOwnerContact } from "@/lib/songs/set-owner-contact";
import { parseInput } from "@/lib/validation";

/** Replace an owner's email and postal address (staff only); the answer is the owner's catalog song. */
export const PUT = apiRoute(
  async ({ db, actor, params, body }) => {
    const ownerId = idParam(params, "id", "Owner");
    return json(await setOwnerContact(db, actor, ownerId, parseInput(ownerContactSchema, await body())));
  },
  { roles: ["employee"] },
);
