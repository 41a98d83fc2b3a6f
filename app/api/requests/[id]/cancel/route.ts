import { apiRoute } from "@/lib/http/api-route";
import { json, pathId } from "@/lib/http/responses";
import { cancelRequest } from "@/lib/requests/cancel-request";
import { cancelSchema } from "@/lib/requests/status-schemas";
import { parseInput } from "@/lib/validation";

// The body ({ "note"? }) is optional: a bare POST cancels.
export const POST = apiRoute(async ({ db, actor, params, req, body }) => {
  const requestId = pathId(params.id, "Request");
  const hasBody = req.headers.has("content-type") || Number(req.headers.get("content-length") ?? 0) > 0;
  const input = parseInput(cancelSchema, hasBody ? await body() : {});
  return json(await cancelRequest(db, actor, requestId, input));
}, { roles: ["client"] });
