import { and, eq } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { wallPosts } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { enqueueWebhookEvent } from "@/lib/webhooks/enqueue-webhook-event";
import { visibleTo } from "./find-wall";
import type { WallPostView } from "./wall-post-view";

/**
 * `wallpost.created`, only for a post the account's client staff may read: decided by the wall's own visibility rule
 * for a client reader of the account, so a post hidden from them never leaves through a webhook.
 */
export async function enqueueWallPostEvent(
  tx: Conn,
  album: { id: number; accountId: number },
  post: WallPostView,
): Promise<void> {
  const reader: Actor = {
    kind: "client",
    name: "webhook",
    accountId: album.accountId,
    role: "member",
    userId: null,
    apiKeyId: null,
  };
  const [readable] = await tx
    .select({ id: wallPosts.id })
    .from(wallPosts)
    .where(and(eq(wallPosts.id, post.id), visibleTo(reader)));
  if (!readable) return;
  const data = () => Promise.resolve({ albumId: album.id, post });
  await enqueueWebhookEvent(tx, { accountId: album.accountId, type: "wallpost.created", requestId: null, data });
}
