import { and, asc, desc, eq, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { statement } from "@/db/statement";
import { wallPosts } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { instantKey, pageOf } from "@/lib/paging";
import { countWallPosts } from "./count-wall-posts";
import { findWall, type WallRef } from "./find-wall";
import { visibilityIn } from "./visibility-in";
import { readableVisibilities } from "./wall-permissions";
import { WALL_POSTS_LIST } from "./schemas";
import { toWallPostView, wallPostColumns } from "./wall-post-view";

type PageParam = "accountId" | "albumId" | "visibilities" | "offset" | "limit";

const wallPage = (db: Conn, order: typeof asc, p: (name: PageParam) => Placeholder, after?: SQL) =>
  db
    .select({ ...wallPostColumns, addedKey: instantKey(wallPosts.dateAdded) })
    .from(wallPosts)
    .where(
      and(
        eq(wallPosts.accountId, p("accountId")),
        eq(wallPosts.albumId, p("albumId")),
        visibilityIn(wallPosts.visibility, p("visibilities")),
        after,
      ),
    )
    .orderBy(order(wallPosts.dateAdded), order(wallPosts.id))
    .offset(p("offset"))
    .limit(p("limit"));

// Built once per order, from the start or after a cursor; the album, the visibilities and the page as placeholders.
const FROM_START = ["accountId", "albumId", "visibilities", "offset", "limit"] as const;
const AFTER = [...FROM_START, "afterAt", "afterId"] as const;
/** The posts after the cursor's key, in the page's order (`>` oldest first, `<` newest first). */
const afterCursor = (than: "<" | ">", p: (name: "afterAt" | "afterId") => Placeholder) =>
  sql`(${wallPosts.dateAdded}, ${wallPosts.id}) ${sql.raw(than)} (${p("afterAt")}::timestamptz, ${p("afterId")}::int)`;
const wallPageOldestFirst = statement(FROM_START, (db, p) => wallPage(db, asc, p));
const wallPageNewestFirst = statement(FROM_START, (db, p) => wallPage(db, desc, p));
const wallPageOldestFirstAfter = statement(AFTER, (db, p) => wallPage(db, asc, p, afterCursor(">", p)));
const wallPageNewestFirstAfter = statement(AFTER, (db, p) => wallPage(db, desc, p, afterCursor("<", p)));

export type ListWallPostsInput = {
  offset?: number;
  limit: number;
  after?: readonly [string, number];
  sort: "asc" | "desc";
  isprivate?: boolean;
};

/**
 * GET /api/tracks/{trackId}/wallposts: one page of the album's wall, flat, by date added then id, from `offset` or
 * after the cursor of the previous page (so posts written meanwhile are neither repeated nor skipped).
 */
export async function listWallPosts(db: Conn, actor: Actor, ref: WallRef, input: ListWallPostsInput) {
  const { album } = await findWall(db, actor, ref);
  // visibleTo's rule narrowed by isprivate, as a list of visibilities: the wall's kept counts are by visibility.
  const visibilities = readableVisibilities(actor).filter(
    (v) => input.isprivate === undefined || input.isprivate === (v !== "public"),
  );
  const values = {
    accountId: album.accountId,
    albumId: album.id,
    visibilities,
    offset: input.offset ?? 0,
    // One more row than asked says whether a next page exists.
    limit: input.limit + 1,
  };
  const rows = input.after
    ? (input.sort === "asc" ? wallPageOldestFirstAfter : wallPageNewestFirstAfter).run(db, {
        ...values,
        afterAt: input.after[0],
        afterId: input.after[1],
      })
    : (input.sort === "asc" ? wallPageOldestFirst : wallPageNewestFirst).run(db, values);
  const [page, total] = await Promise.all([rows, countWallPosts(db, album.id, visibilities, "all")]);
  const { items, nextCursor } = pageOf(page, input.limit, (r) => [r.addedKey, r.id], WALL_POSTS_LIST);
  return { items: items.map(toWallPostView), total, nextCursor };
}
