import { and, eq, sql } from "drizzle-orm";
import type { Conn, Db } from "@/db/client";
import { env } from "@/env";
import { wallPosts } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { now } from "@/lib/clock";
import { countAndLimit } from "@/lib/rate-limit";
import { forbidden, validationFailed } from "@/lib/errors";
import { enqueueWallPostNotification } from "./enqueue-wall-post-notification";
import { enqueueWallPostEvent } from "./enqueue-wall-post-event";
import { notifyWallReaders } from "./notify-wall-readers";
import { findWall, visibleTo, type WallRef } from "./find-wall";
import { narrowest } from "./visibilities";
import { mayWrite } from "./wall-permissions";
import type { CreateWallPostInput } from "./schemas";
import { toWallPostView, wallPostColumns, type WallPostView } from "./wall-post-view";

/**
 * A new post (or reply) on an album's wall, its staff email in the outbox, its news for the album's client staff and
 * licensee users (notify-wall-readers.ts) and its webhook event, in one transaction.
 * Visibility defaults to private for client staff and employees and to public for licensees; one may ask only for
 * what wall-permissions.ts lets one write. A reply is as narrow as its parent whatever was asked (visibility only
 * ever narrows down a thread).
 */
export async function createWallPost(
  db: Db,
  actor: Actor,
  ref: WallRef,
  input: CreateWallPostInput,
): Promise<WallPostView> {
  const asked = input.visibility ?? (actor.kind === "licensee" ? "public" : "private");
  if (!mayWrite(actor, asked)) {
    throw forbidden(
      actor.kind === "licensee"
        ? "Licensees post public messages only; send isPrivate false or leave it out."
        : "Only the service's staff may write staff-only posts.",
    );
  }
  return db.transaction(async (tx) => {
    const wall = await findWall(tx, actor, ref);
    // Every post mails the staff: one account must not be able to flood their mailboxes.
    if (actor.kind !== "employee") {
      await countAndLimit(
        tx,
        [{ scope: `wall:${actor.accountId}`, limit: env().WALL_POSTS_PER_HOUR }],
        3_600_000,
        "wall posts from this account",
      );
    }
    let visibility = asked;
    if (input.parentId !== null) {
      const [parent] = await tx
        .select({ visibility: wallPosts.visibility })
        .from(wallPosts)
        .where(and(eq(wallPosts.id, input.parentId), eq(wallPosts.albumId, wall.album.id), visibleTo(actor)))
        .for("share");
      if (!parent) {
        throw validationFailed([{ path: "parentId", message: "is not a post on this album's wall" }]);
      }
      visibility = narrowest(visibility, parent.visibility);
      if ((await depthOf(tx, input.parentId)) >= MAX_THREAD_DEPTH) {
        throw validationFailed([
          {
            path: "parentId",
            message: `replies nest at most ${MAX_THREAD_DEPTH - 1} levels deep; reply to a post higher up the thread`,
          },
        ]);
      }
    }
    const [post] = await tx
      .insert(wallPosts)
      .values({
        accountId: wall.album.accountId,
        albumId: wall.album.id,
        parentId: input.parentId,
        message: input.message,
        visibility,
        authorKind: actor.kind,
        authorName: actor.name,
        authorUserId: actor.userId,
        authorAccountId: actor.kind === "employee" ? null : actor.accountId,
        authorLicenseeId: actor.kind === "licensee" ? actor.licenseeId : null,
        dateAdded: now(),
      })
      .returning(wallPostColumns);
    if (!post) throw new Error("wall post insert returned nothing");
    await enqueueWallPostNotification(tx, wall, post, actor.userId);
    await notifyWallReaders(tx, wall, post, actor.userId);
    const view = toWallPostView(post);
    await enqueueWallPostEvent(tx, wall.album, view);
    return view;
  });
}

/** How deep a thread may go: a top-level post is level 1. */
export const MAX_THREAD_DEPTH = 10;

/** The level of a post in its thread (1 for a top-level post), counted up to one past the cap. */
async function depthOf(db: Conn, postId: number): Promise<number> {
  const { rows } = await db.execute<{ depth: number }>(sql`
    with recursive chain as (
      select id, parent_id, 1 as depth from wall_posts where id = ${postId}
      union all
      select w.id, w.parent_id, c.depth + 1 from wall_posts w join chain c on w.id = c.parent_id where c.depth <= ${MAX_THREAD_DEPTH}
    )
    select max(depth)::int as depth from chain`);
  return Number(rows[0]?.depth ?? 1);
}
