import { and, asc, count, desc, eq, inArray, isNull } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { wallPosts } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { findWall, visibleTo } from "./find-wall";
import { mayDeleteWallPost } from "./wall-permissions";
import { toWallPostView, wallPostColumns, type WallPostRow, type WallPostView } from "./wall-post-view";

export type WallThread = WallPostView & { canDelete: boolean; replies: WallThread[] };
export type WallPage = { threads: WallThread[]; total: number; nextOffset: number | null };

const THREADS_PER_PAGE = 20;

/**
 * The portal's threaded wall: one page of top-level posts, newest first, each with all its replies
 * (oldest first, nested). Private posts never leave the database for a licensee.
 */
export async function listWallThreads(
  db: Conn,
  actor: Actor,
  albumId: number,
  page: { offset: number; limit?: number },
): Promise<WallPage> {
  const limit = page.limit ?? THREADS_PER_PAGE;
  const { album } = await findWall(db, actor, { albumId });
  const rootsWhere = and(eq(wallPosts.albumId, album.id), isNull(wallPosts.parentId), visibleTo(actor));
  const [roots, [total]] = await Promise.all([
    db
      .select(wallPostColumns)
      .from(wallPosts)
      .where(rootsWhere)
      .orderBy(desc(wallPosts.dateAdded), desc(wallPosts.id))
      .offset(page.offset)
      .limit(limit),
    db.select({ n: count() }).from(wallPosts).where(rootsWhere),
  ]);

  const replies: WallPostRow[] = [];
  for (let parents = roots.map((p) => p.id); parents.length > 0; ) {
    const level = await db
      .select(wallPostColumns)
      .from(wallPosts)
      .where(and(eq(wallPosts.albumId, album.id), inArray(wallPosts.parentId, parents), visibleTo(actor)))
      .orderBy(asc(wallPosts.dateAdded), asc(wallPosts.id));
    replies.push(...level);
    parents = level.map((p) => p.id);
  }

  const node = (row: WallPostRow): WallThread => ({
    ...toWallPostView(row),
    canDelete: mayDeleteWallPost(actor, row),
    replies: replies.filter((r) => r.parentId === row.id).map(node),
  });
  const n = total?.n ?? 0;
  return { threads: roots.map(node), total: n, nextOffset: page.offset + limit < n ? page.offset + limit : null };
}
