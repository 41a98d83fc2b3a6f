import { apiRoute } from "@/lib/http/api-route";
import { optionalBody } from "@/lib/http/optional-body";
import { json, idParam } from "@/lib/http/responses";
import { cancelRequest } from "@/lib/requests/cancel-request";
import { cancelSchema } from "@/lib/workflow/status-schemas";
import { parseInput } from "@/lib/validation";

// The body ({ "note"? }) is optional: a bare POST cancels.
export const POST = apiRoute(
  async (ctx) => {
    const requestId = idParam(ctx.params, "id", "Request");
    const input = parseInput(cancelSchema, await optionalBody(ctx));
    return json(await cancelRequest(ctx.db, ctx.actor, requestId, input));
  },
  { roles: ["client"] },
);
