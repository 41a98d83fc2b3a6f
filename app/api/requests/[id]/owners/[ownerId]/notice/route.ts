import { apiRoute } from "@/lib/http/api-route";
import { optionalBody } from "@/lib/http/optional-body";
import { json, idParam } from "@/lib/http/responses";
import { serveNotice } from "@/lib/licensing/serve-notice";
import { serveNoticeSchema } from "@/lib/licensing/serve-notice-schema";
import { parseInput } from "@/lib/validation";

// The body ({ "servedOn"?, "method"?, "note"? }) is optional: a bare POST serves it today by mail.
export const POST = apiRoute(
  async (ctx) => {
    const requestId = idParam(ctx.params, "id", "Request");
    const ownerId = idParam(ctx.params, "ownerId", "Owner");
    const input = parseInput(serveNoticeSchema, await optionalBody(ctx));
    return json(await serveNotice(ctx.db, ctx.actor, requestId, ownerId, input));
  },
  { roles: ["employee"] },
);
