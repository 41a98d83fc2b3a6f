import { apiRoute } from "@/lib/http/api-route";
import { noContent, idParam } from "@/lib/http/responses";
import { deleteWallPost } from "@/lib/wall/delete-wall-post";

export const DELETE = apiRoute(async ({ db, actor, params }) => {
  const trackId = idParam(params, "id", "Track");
  await deleteWallPost(db, actor, { trackId }, idParam(params, "wallPostId", "Wall post"));
  return noContent();
});
