import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { wallPosts } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { now } from "@/lib/clock";
import { forbidden, validationFailed } from "@/lib/errors";
import { enqueueWallPostNotification } from "@/lib/notifications/enqueue-wall-post-notification";
import { findWall, visibleTo, type WallRef } from "./find-wall";
import type { CreateWallPostInput } from "./schemas";
import { toWallPostView, wallPostColumns, type WallPostView } from "./wall-post-view";

/**
 * A new post (or reply) on an album's wall, and its staff email in the outbox, in one transaction.
 * Privacy defaults to private for client staff and employees and to public for licensees, who may not
 * post privately; a reply to a private post is private whatever was asked (visibility only ever narrows).
 */
export async function createWallPost(db: Db, actor: Actor, ref: WallRef, input: CreateWallPostInput): Promise<WallPostView> {
  if (actor.kind === "licensee" && input.isPrivate === true) {
    throw forbidden("Licensees post public messages only; send isPrivate false or leave it out.");
  }
  return db.transaction(async (tx) => {
    const wall = await findWall(tx, actor, ref);
    let isPrivate = input.isPrivate ?? actor.kind !== "licensee";
    if (input.parentId !== null) {
      const [parent] = await tx
        .select({ isPrivate: wallPosts.isPrivate })
        .from(wallPosts)
        .where(and(eq(wallPosts.id, input.parentId), eq(wallPosts.albumId, wall.album.id), visibleTo(actor)))
        .for("share");
      if (!parent) {
        throw validationFailed([{ path: "parentId", message: "is not a post on this album's wall" }]);
      }
      isPrivate ||= parent.isPrivate;
    }
    const [post] = await tx
      .insert(wallPosts)
      .values({
        accountId: wall.album.accountId,
        albumId: wall.album.id,
        parentId: input.parentId,
        message: input.message,
        isPrivate,
        authorKind: actor.kind,
        authorName: actor.name,
        authorUserId: actor.userId,
        authorAccountId: actor.kind === "employee" ? null : actor.accountId,
        authorLicenseeId: actor.kind === "licensee" ? actor.licenseeId : null,
        dateAdded: now(),
      })
      .returning(wallPostColumns);
    if (!post) throw new Error("wall post insert returned nothing");
    await enqueueWallPostNotification(tx, wall, post);
    return toWallPostView(post);
  });
}
