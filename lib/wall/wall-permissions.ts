import type { Actor } from "@/lib/auth/actor";
import type { WallPostRow } from "./wall-post-view";

/**
 * Employees may delete any post; client staff the posts written from their account (their own and their
 * licensees'); a licensee its own posts.
 */
export function mayDeleteWallPost(actor: Actor, post: Pick<WallPostRow, "authorAccountId" | "authorLicenseeId">): boolean {
  switch (actor.kind) {
    case "employee":
      return true;
    case "client":
      return post.authorAccountId === actor.accountId;
    case "licensee":
      return post.authorLicenseeId === actor.licenseeId;
  }
}
