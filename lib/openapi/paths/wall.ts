import { createWallPostSchema, listWallPostsQuery } from "@/lib/wall/schemas";
import { ids, type Operation } from "../operation";
import { wallPostView } from "../views";

const tag = "Album walls";

export const wallOperations: Operation[] = [
  {
    method: "get",
    path: "/api/tracks/{id}/wallposts",
    tag,
    summary: "List the posts on the track's album wall",
    description:
      "A licensee sees public posts only, client staff public and private ones; staff-only posts only the service's staff.",
    params: ids({ id: "track" }),
    query: listWallPostsQuery,
    success: [{ status: 200, description: "A page of posts", schema: wallPostView, list: true, cursor: true }],
  },
  {
    method: "post",
    path: "/api/tracks/{id}/wallposts",
    tag,
    summary: "Post on the album wall",
    description:
      "Private (staff and client only) unless `isPrivate` is false, or as `visibility` says (`staff`: the service's staff alone, " +
      "employees only; a licensee posts `public` only); a reply is at least as narrow as its parent. Every post emails the service's staff.",
    params: ids({ id: "track" }),
    body: createWallPostSchema.meta({
      id: "NewWallPost",
      example: { message: "The licensee confirmed the arrangement is unchanged.", isPrivate: false },
    }),
    success: [{ status: 201, description: "The post", schema: wallPostView }],
    errors: ["rate_limited"],
  },
  {
    method: "delete",
    path: "/api/tracks/{id}/wallposts/{wallPostId}",
    tag,
    summary: "Delete a wall post",
    params: ids({ id: "track", wallPostId: "wall post" }),
    success: [{ status: 204, description: "Deleted" }],
  },
];
