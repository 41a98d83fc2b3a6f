import { apiRoute } from "@/lib/http/api-route";
import { json, list, idParam } from "@/lib/http/responses";
import { listTrackRequests } from "@/lib/requests/list-related-requests";
import { reorderTrack } from "@/lib/requests/reorder-track";
import { reorderSchema } from "@/lib/requests/schemas";
import { parseInput } from "@/lib/validation";

export const GET = apiRoute(async ({ db, actor, params }) => {
  const items = await listTrackRequests(db, actor, idParam(params, "id", "Track"));
  return list(items, items.length);
});

export const POST = apiRoute(
  async ({ db, actor, params, body }) => {
    const trackId = idParam(params, "id", "Track");
    const created = await reorderTrack(db, actor, trackId, parseInput(reorderSchema, await body()));
    return json(created, 201, { Location: `/api/tracks/${trackId}/requests` });
  },
  { roles: ["client"] },
);
