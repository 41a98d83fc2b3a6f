import { apiRoute } from "@/lib/http/api-route";
import { json, idParam } from "@/lib/http/responses";
import { moveRequest } from "@/lib/workflow/move-request";
import { statusChangeSchema } from "@/lib/workflow/status-schemas";
import { parseInput } from "@/lib/validation";

export const POST = apiRoute(
  async ({ db, actor, params, body }) => {
    const requestId = idParam(params, "id", "Request");
    return json(await moveRequest(db, actor, requestId, parseInput(statusChangeSchema, await body())));
  },
  { roles: ["employee"] },
);
