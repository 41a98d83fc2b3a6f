import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { wallPosts } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { recordAudit } from "@/lib/audit/record-audit";
import { forbidden, notFound } from "@/lib/errors";
import { findWall, visibleTo, type WallRef } from "./find-wall";
import { mayDeleteWallPost, readableVisibilities, readsEverything } from "./wall-permissions";
import { wallPostColumns } from "./wall-post-view";

/** Deletes a post of the addressed wall for good, with its replies (the foreign key cascades) unless a licensee deletes. */
export async function deleteWallPost(db: Db, actor: Actor, ref: WallRef, postId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { album } = await findWall(tx, actor, ref);
    const [post] = await tx
      .select(wallPostColumns)
      .from(wallPosts)
      .where(and(eq(wallPosts.id, postId), eq(wallPosts.albumId, album.id), visibleTo(actor)))
      .for("update");
    if (!post) throw notFound(`Wall post ${postId}`);
    if (!mayDeleteWallPost(actor, post)) {
      throw forbidden("Only the account that wrote a post, or the service's staff, may delete it.");
    }
    if (actor.kind === "licensee") {
      // A licensee never saw the private staff replies under its post: keep every reply by moving it up a level
      // instead of letting the delete cascade to it.
      await tx.update(wallPosts).set({ parentId: post.parentId }).where(eq(wallPosts.parentId, post.id));
    } else if (!readsEverything(actor)) {
      // Client staff must not destroy the staff-only replies they never saw: those (with what hangs under them) move
      // up to the deleted post's place; the replies they could read go with the post.
      await tx.execute(sql`
        with recursive below as (
          select id, visibility from wall_posts where parent_id = ${post.id}
          union all
          select w.id, w.visibility from wall_posts w join below b on w.parent_id = b.id where b.visibility in ${readableVisibilities(actor)}
        )
        update wall_posts set parent_id = ${post.parentId}
        where id in (select id from below where visibility not in ${readableVisibilities(actor)})`);
    }
    await tx.delete(wallPosts).where(eq(wallPosts.id, post.id));
    await recordAudit(tx, actor, {
      action: "wall_post.deleted",
      entityType: "wall_post",
      entityId: post.id,
      accountId: album.accountId,
      detail: { albumId: album.id, visibility: post.visibility, author: post.authorName },
    });
  });
}
