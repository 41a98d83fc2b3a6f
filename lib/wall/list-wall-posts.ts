import { and, asc, count, desc, eq, ne } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { wallPosts } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { findWall, visibleTo, type WallRef } from "./find-wall";
import { toWallPostView, wallPostColumns } from "./wall-post-view";

export type ListWallPostsInput = { offset: number; limit: number; sort: "asc" | "desc"; isprivate?: boolean };

/** GET /api/tracks/{trackId}/wallposts: one page of the album's wall, flat, by date added then id. */
export async function listWallPosts(db: Conn, actor: Actor, ref: WallRef, input: ListWallPostsInput) {
  const { album } = await findWall(db, actor, ref);
  const where = and(
    eq(wallPosts.albumId, album.id),
    visibleTo(actor),
    input.isprivate === undefined ? undefined : (input.isprivate ? ne : eq)(wallPosts.visibility, "public"),
  );
  const order = input.sort === "asc" ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select(wallPostColumns)
      .from(wallPosts)
      .where(where)
      .orderBy(order(wallPosts.dateAdded), order(wallPosts.id))
      .offset(input.offset)
      .limit(input.limit),
    db.select({ n: count() }).from(wallPosts).where(where),
  ]);
  return { items: rows.map(toWallPostView), total: total?.n ?? 0 };
}
