import { and, asc, eq, gt } from "drizzle-orm";
import { env } from "@/env";
import type { Tx } from "@/db/client";
import { outboxMessages, requests, tracks, users, wallPosts } from "@/db/schema";
import { now } from "@/lib/clock";
import { publicBaseUrl } from "@/lib/notifications/public-base-url";
import { staffRecipients, withoutAuthor, withoutClientAddresses } from "@/lib/notifications/staff-recipients";
import { wallPostEmail, withWallPost } from "@/lib/notifications/wall-post-email";
import type { Wall } from "./find-wall";
import { mayRead } from "./wall-permissions";
import type { WallPostRow } from "./wall-post-view";

/**
 * Writes the staff email about a new wall post into the outbox, inside the transaction that writes the
 * post: both are committed together or not at all, and delivery happens later, never blocking the post. Posts on one
 * album within WALL_MAIL_COALESCE_MINUTES make one mail listing them, sent when the first post's window ends
 * (docs/notifications.md, "Wall posts, coalesced"). It names
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
  const mail = {
    album: wall.album,
    tracks: albumTracks.map((t) => ({ ...t, addressed: t.id === wall.trackId })),
    author: { kind: post.authorKind, name: post.authorName },
    visibility: post.visibility,
    isReply: post.parentId !== null,
    message: post.message,
    albumUrl: `${publicBaseUrl()}/albums/${wall.album.id}`,
    requests: about.map((r) => ({ id: r.id, url: `${publicBaseUrl()}/staff/requests/${r.id}` })),
  };
  const at = now();
  const everyone = await staffRecipients(tx);
  const staff = withoutAuthor(everyone, await authorEmail(tx, authorUserId));
  // The author alone is nobody left to tell, not a failure; no recipient configured at all stays a failed message
  // that tells the operator to set one (lib/outbox/deliver-outbox.ts).
  if (everyone.length > 0 && staff.length === 0) return;
  const recipients = (
    mayRead({ kind: "client" }, post.visibility) ? staff : await withoutClientAddresses(tx, staff)
  ).toSorted();
  const windowMs = env().WALL_MAIL_COALESCE_MINUTES * 60_000;
  const waiting = windowMs > 0 ? await waitingMail(tx, wall.album.id, recipients, at) : undefined;
  if (waiting) {
    await tx.update(outboxMessages).set(withWallPost(waiting, mail)).where(eq(outboxMessages.id, waiting.id));
    return;
  }
  await tx.insert(outboxMessages).values({
    recipients,
    ...wallPostEmail(mail),
    wallPostId: post.id,
    // Later posts on the album within the window join this mail (waitingMail) instead of writing one each.
    nextAttemptAt: new Date(at.getTime() + windowMs),
    dateAdded: at,
  });
}

/**
 * The staff's mail about an earlier post on this album that is still waiting for its window to end, to the same
 * recipients (so a post never reaches anyone its own mail would not have: a staff-only post's mail leaves client
 * addresses out). Not yet due and never attempted, so no sender has claimed it (claim-outbox-messages.ts takes due
 * rows only and counts the attempt); locked, so two posts at once append one after the other and a sender that
 * claims it meanwhile waits for this transaction.
 */
async function waitingMail(tx: Tx, albumId: number, recipients: string[], at: Date) {
  const candidates = await tx
    .select({
      id: outboxMessages.id,
      subject: outboxMessages.subject,
      body: outboxMessages.body,
      recipients: outboxMessages.recipients,
    })
    .from(outboxMessages)
    .innerJoin(wallPosts, eq(wallPosts.id, outboxMessages.wallPostId))
    .where(
      and(
        eq(wallPosts.albumId, albumId),
        eq(outboxMessages.purpose, "staff_notification"),
        eq(outboxMessages.status, "pending"),
        eq(outboxMessages.attempts, 0),
        gt(outboxMessages.nextAttemptAt, at),
      ),
    )
    .orderBy(asc(outboxMessages.id))
    .for("update", { of: outboxMessages });
  const same = recipients.join("\n");
  return candidates.find((m) => m.recipients.toSorted().join("\n") === same);
}

async function authorEmail(tx: Tx, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return user?.email ?? null;
}
