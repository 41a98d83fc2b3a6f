import { and, asc, eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { outboxMessages, requests, tracks, users } from "@/db/schema";
import { now } from "@/lib/clock";
import { publicBaseUrl } from "@/lib/notifications/public-base-url";
import { staffRecipients, withoutAuthor, withoutClientAddresses } from "@/lib/notifications/staff-recipients";
import { wallPostEmail } from "@/lib/notifications/wall-post-email";
import type { Wall } from "./find-wall";
import { mayRead } from "./wall-permissions";
import type { WallPostRow } from "./wall-post-view";

/**
 * Writes the staff email about a new wall post into the outbox, inside the transaction that writes the
 * post: both are committed together or not at all, and delivery happens later, never blocking the post. It names
 * the requests the post is about and links to them, and does not go to the post's own author: when nobody else is
 * there to tell, no message is written.
 */
export async function enqueueWallPostNotification(
  tx: Tx,
  wall: Wall,
  post: WallPostRow,
  authorUserId: number | null,
): Promise<void> {
  const albumTracks = await tx
    .select({
      id: tracks.id,
      songTitle: tracks.songTitle,
      songOriginalRecordingArtist: tracks.songOriginalRecordingArtist,
    })
    .from(tracks)
    .where(eq(tracks.albumId, wall.album.id))
    .orderBy(asc(tracks.id));
  const about = await tx
    .select({ id: requests.id })
    .from(requests)
    .innerJoin(tracks, eq(tracks.id, requests.trackId))
    .where(and(eq(tracks.albumId, wall.album.id), wall.trackId === null ? undefined : eq(tracks.id, wall.trackId)))
    .orderBy(asc(requests.id));
  const { subject, body } = wallPostEmail({
    album: wall.album,
    tracks: albumTracks.map((t) => ({ ...t, addressed: t.id === wall.trackId })),
    author: { kind: post.authorKind, name: post.authorName },
    visibility: post.visibility,
    isReply: post.parentId !== null,
    message: post.message,
    albumUrl: `${publicBaseUrl()}/albums/${wall.album.id}`,
    requests: about.map((r) => ({ id: r.id, url: `${publicBaseUrl()}/staff/requests/${r.id}` })),
  });
  const at = now();
  const everyone = await staffRecipients(tx);
  const staff = withoutAuthor(everyone, await authorEmail(tx, authorUserId));
  // The author alone is nobody left to tell, not a failure; no recipient configured at all stays a failed message
  // that tells the operator to set one (lib/outbox/deliver-outbox.ts).
  if (everyone.length > 0 && staff.length === 0) return;
  await tx.insert(outboxMessages).values({
    recipients: mayRead({ kind: "client" }, post.visibility) ? staff : await withoutClientAddresses(tx, staff),
    subject,
    body,
    wallPostId: post.id,
    nextAttemptAt: at,
    dateAdded: at,
  });
}

async function authorEmail(tx: Tx, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return user?.email ?? null;
}
