import { apiRoute } from "@/lib/http/api-route";
import { list, idParam } from "@/lib/http/responses";
import { listAlbumRequests } from "@/lib/requests/list-related-requests";

export const GET = apiRoute(async ({ db, actor, params }) => {
  const items = await listAlbumRequests(db, actor, idParam(params, "id", "Album"));
  return list(items, items.length);
});
