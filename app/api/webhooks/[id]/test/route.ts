import { apiRoute } from "@/lib/http/api-route";
import { optionalBody } from "@/lib/http/optional-body";
import { json, idParam } from "@/lib/http/responses";
import { parseInput } from "@/lib/validation";
import { sendTestEvent, testEventInput } from "@/lib/webhooks/send-test-event";

export const POST = apiRoute(
  async (ctx) => {
    const input = parseInput(testEventInput, await optionalBody(ctx));
    return json(await sendTestEvent(ctx.db, ctx.actor, idParam(ctx.params, "id", "Webhook endpoint"), input), 202);
  },
  { roles: ["client:admin"] },
);
