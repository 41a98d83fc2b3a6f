import { apiRoute } from "@/lib/http/api-route";
import { json, idParam } from "@/lib/http/responses";
import { acceptanceSchema } from "@/lib/licensing/acceptance-schema";
import { recordAcceptance } from "@/lib/licensing/stream-license";
import { parseInput } from "@/lib/validation";

export const POST = apiRoute(
  async ({ db, actor, params, body }) => {
    const requestId = idParam(params, "id", "Request");
    const ownerId = idParam(params, "ownerId", "Owner");
    return json(await recordAcceptance(db, actor, requestId, ownerId, parseInput(acceptanceSchema, await body())));
  },
  { roles: ["employee"] },
);
