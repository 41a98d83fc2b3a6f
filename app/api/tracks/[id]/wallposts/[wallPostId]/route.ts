import { apiRoute } from "@/lib/http/api-route";
import { noContent, pathId } from "@/lib/http/responses";
import { deleteWallPost } from "@/lib/wall/delete-wall-post";

export const DELETE = apiRoute(async ({ db, actor, params }) => {
  const trackId = pathId(params.id, "Track");
  await deleteWallPost(db, actor, { trackId }, pathId(params.wallPostId, "Wall post"));
  return noContent();
});
