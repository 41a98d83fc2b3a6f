import { apiRoute } from "@/lib/http/api-route";
import { json } from "@/lib/http/responses";
import { changeStatuses } from "@/lib/requests/change-statuses";
import { bulkStatusSchema } from "@/lib/requests/status-schemas";
import { parseInput } from "@/lib/validation";

export const POST = apiRoute(async ({ db, actor, body }) => {
  return json({ results: await changeStatuses(db, actor, parseInput(bulkStatusSchema, await body())) });
}, { roles: ["employee"] });
