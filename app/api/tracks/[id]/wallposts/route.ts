import { apiRoute } from "@/lib/http/api-route";
import { parseQuery } from "@/lib/query-params";
import { created, cursorList, idParam } from "@/lib/http/responses";
import { parseInput } from "@/lib/validation";
import { createWallPost } from "@/lib/wall/create-wall-post";
import { listWallPosts } from "@/lib/wall/list-wall-posts";
import { createWallPostSchema, listWallPostsQuery } from "@/lib/wall/schemas";

export const GET = apiRoute(async ({ db, actor, params, url }) => {
  const trackId = idParam(params, "id", "Track");
  return cursorList(url, await listWallPosts(db, actor, { trackId }, parseQuery(listWallPostsQuery, url)));
});

export const POST = apiRoute(async ({ db, actor, params, body }) => {
  const trackId = idParam(params, "id", "Track");
  const post = await createWallPost(db, actor, { trackId }, parseInput(createWallPostSchema, await body()));
  return created(post, `/api/tracks/${trackId}/wallposts/${post.id}`);
});
