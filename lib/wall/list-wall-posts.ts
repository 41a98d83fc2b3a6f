import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { reusedStatement } from "@/db/reused-statement";
import { wallPosts } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { countWallPosts } from "./count-wall-posts";
import { findWall, type WallRef } from "./find-wall";
import { readableVisibilities } from "./wall-permissions";
import { toWallPostView, wallPostColumns } from "./wall-post-view";

export type ListWallPostsInput = { offset: number; limit: number; sort: "asc" | "desc"; isprivate?: boolean };

/** GET /api/tracks/{trackId}/wallposts: one page of the album's wall, flat, by date added then id. */
export async function listWallPosts(db: Conn, actor: Actor, ref: WallRef, input: ListWallPostsInput) {
  const { album } = await findWall(db, actor, ref);
  // visibleTo's rule narrowed by isprivate, as a list of visibilities: the wall's kept counts are by visibility.
  const visibilities = readableVisibilities(actor).filter((v) => input.isprivate === undefined || input.isprivate === (v !== "public"));
  const order = input.sort === "asc" ? asc : desc;
  // Built once per order and set of visibilities (a handful), the album and the page as placeholders.
  const page = reusedStatement(db, `wall page ${input.sort} ${visibilities.join(",")}`, (name) =>
    db
      .select(wallPostColumns)
      .from(wallPosts)
      .where(and(eq(wallPosts.albumId, sql.placeholder("albumId")), inArray(wallPosts.visibility, visibilities)))
      .orderBy(order(wallPosts.dateAdded), order(wallPosts.id))
      .offset(sql.placeholder("offset"))
      .limit(sql.placeholder("limit"))
      .prepare(name),
  );
  const [items, total] = await Promise.all([
    page.execute({ albumId: album.id, offset: input.offset, limit: input.limit }).then((rows) => rows.map(toWallPostView)),
    countWallPosts(db, album.id, visibilities, "all"),
  ]);
  return { items, total };
}
