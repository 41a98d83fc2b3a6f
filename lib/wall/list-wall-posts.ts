import { and, asc, desc, eq, type Placeholder } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { statement } from "@/db/statement";
import { wallPosts } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { countWallPosts } from "./count-wall-posts";
import { findWall, type WallRef } from "./find-wall";
import { visibilityIn } from "./visibility-in";
import { readableVisibilities } from "./wall-permissions";
import { toWallPostView, wallPostColumns } from "./wall-post-view";

const wallPage = (
  db: Conn,
  order: typeof asc,
  p: (name: "albumId" | "visibilities" | "offset" | "limit") => Placeholder,
) =>
  db
    .select(wallPostColumns)
    .from(wallPosts)
    .where(and(eq(wallPosts.albumId, p("albumId")), visibilityIn(wallPosts.visibility, p("visibilities"))))
    .orderBy(order(wallPosts.dateAdded), order(wallPosts.id))
    .offset(p("offset"))
    .limit(p("limit"));

// Built once per order, the album, the visibilities and the page as placeholders.
const WALL_PAGE_PARAMS = ["albumId", "visibilities", "offset", "limit"] as const;
const wallPageOldestFirst = statement(WALL_PAGE_PARAMS, (db, p) => wallPage(db, asc, p));
const wallPageNewestFirst = statement(WALL_PAGE_PARAMS, (db, p) => wallPage(db, desc, p));

export type ListWallPostsInput = { offset: number; limit: number; sort: "asc" | "desc"; isprivate?: boolean };

/** GET /api/tracks/{trackId}/wallposts: one page of the album's wall, flat, by date added then id. */
export async function listWallPosts(db: Conn, actor: Actor, ref: WallRef, input: ListWallPostsInput) {
  const { album } = await findWall(db, actor, ref);
  // visibleTo's rule narrowed by isprivate, as a list of visibilities: the wall's kept counts are by visibility.
  const visibilities = readableVisibilities(actor).filter(
    (v) => input.isprivate === undefined || input.isprivate === (v !== "public"),
  );
  const page = input.sort === "asc" ? wallPageOldestFirst : wallPageNewestFirst;
  const [items, total] = await Promise.all([
    page
      .run(db, { albumId: album.id, visibilities, offset: input.offset, limit: input.limit })
      .then((rows) => rows.map(toWallPostView)),
    countWallPosts(db, album.id, visibilities, "all"),
  ]);
  return { items, total };
}
