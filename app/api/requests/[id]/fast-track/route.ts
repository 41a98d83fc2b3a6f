import { apiRoute } from "@/lib/http/api-route";
import { json, idParam } from "@/lib/http/responses";
import { fastTrackReorder } from "@/lib/workflow/fast-track-reorder";

export const POST = apiRoute(
  async ({ db, actor, params }) => json(await fastTrackReorder(db, actor, idParam(params, "id", "Request"))),
  {
    roles: ["employee"],
  },
);
