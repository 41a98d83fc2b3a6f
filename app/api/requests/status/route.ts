import { apiRoute } from "@/lib/http/api-route";
import { json } from "@/lib/http/responses";
import { changeStatuses } from "@/lib/workflow/change-statuses";
import { bulkStatusSchema } from "@/lib/workflow/status-schemas";
import { parseInput } from "@/lib/validation";

export const POST = apiRoute(
  async ({ db, actor, body }) => {
    return json({ results: await changeStatuses(db, actor, parseInput(bulkStatusSchema, await body())) });
  },
  { roles: ["employee"] },
);
