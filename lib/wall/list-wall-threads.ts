import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { wallPosts } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { countWallPosts } from "./count-wall-posts";
import { findWall, visibleTo } from "./find-wall";
import { readableVisibilities } from "./wall-permissions";
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
  const [roots, n] = await Promise.all([
    db
      .select(wallPostColumns)
      .from(wallPosts)
      .where(rootsWhere)
      .orderBy(desc(wallPosts.dateAdded), desc(wallPosts.id))
      .offset(page.offset)
      .limit(limit),
    countWallPosts(db, album.id, readableVisibilities(actor), "topLevel"),
  ]);

  const replies = await repliesOf(
    db,
    actor,
    album.id,
    roots.map((p) => p.id),
  );

  const node = (row: WallPostRow): WallThread => ({
    ...toWallPostView(row),
    canDelete: mayDeleteWallPost(actor, row),
    replies: replies.filter((r) => r.parentId === row.id).map(node),
  });
  return { threads: roots.map(node), total: n, nextOffset: page.offset + limit < n ? page.offset + limit : null };
}

type ReplyRow = {
  id: number;
  album_id: number;
  message: string;
  visibility: WallPostRow["visibility"];
  date_added: Date | string;
  parent_id: number;
  author_kind: WallPostRow["authorKind"];
  author_name: string;
  author_account_id: number | null;
  author_licensee_id: string | null;
};

/** Every reply under the given posts, however deep, in one recursive query (oldest first). */
async function repliesOf(db: Conn, actor: Actor, albumId: number, rootIds: number[]): Promise<WallPostRow[]> {
  if (rootIds.length === 0) return [];
  // Replies are at least as narrow as their parent, so nothing readable hides under a post that is not.
  const visible = sql`and w.visibility in ${readableVisibilities(actor)}`;
  const { rows } = await db.execute<ReplyRow>(sql`
    with recursive thread as (
      select w.* from wall_posts w where w.album_id = ${albumId} and w.parent_id in ${rootIds} ${visible}
      union all
      select w.* from wall_posts w join thread t on w.parent_id = t.id where w.album_id = ${albumId} ${visible}
    )
    select id, album_id, message, visibility, date_added, parent_id, author_kind, author_name, author_account_id,
      author_licensee_id
    from thread order by date_added, id`);
  return rows.map((r) => ({
    id: r.id,
    albumId: r.album_id,
    message: r.message,
    visibility: r.visibility,
    dateAdded: new Date(r.date_added),
    parentId: r.parent_id,
    authorKind: r.author_kind,
    authorName: r.author_name,
    authorAccountId: r.author_account_id,
    authorLicenseeId: r.author_licensee_id,
  }));
}
