import type { Actor } from "@/lib/auth/actor";
import type { WallPostRow } from "./wall-post-view";

/**
 * Employees may delete any post; client staff the posts written from their account (their own and their
 * licensees'). Licensees delete nothing: deleting a post also deletes its replies, private ones included,
 * which a licensee has never seen.
 */
export function mayDeleteWallPost(actor: Actor, post: Pick<WallPostRow, "authorAccountId">): boolean {
  if (actor.kind === "employee") return true;
  return actor.kind === "client" && post.authorAccountId === actor.accountId;
}
