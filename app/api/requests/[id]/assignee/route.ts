import { apiRoute } from "@/lib/http/api-route";
import { json, idParam } from "@/lib/http/responses";
import { assignRequest } from "@/lib/requests/assign-request";
import { assignSchema } from "@/lib/workflow/status-schemas";
import { parseInput } from "@/lib/validation";

export const POST = apiRoute(
  async ({ db, actor, params, body }) => {
    const requestId = idParam(params, "id", "Request");
    const { userId } = parseInput(assignSchema, await body());
    return json(await assignRequest(db, actor, requestId, userId));
  },
  { roles: ["employee"] },
);
