import { asc, eq } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { outboxMessages, tracks } from "@/db/schema";
import { now } from "@/lib/clock";
import type { Wall } from "@/lib/wall/find-wall";
import type { WallPostRow } from "@/lib/wall/wall-post-view";
import { publicBaseUrl } from "./public-base-url";
import { mayRead } from "@/lib/wall/wall-permissions";
import { staffRecipients, withoutClientAddresses } from "./staff-recipients";
import { wallPostEmail } from "./wall-post-email";

/**
 * Writes the staff email about a new wall post into the outbox, inside the transaction that writes the
 * post: both are committed together or not at all, and delivery happens later, never blocking the post.
 */
export async function enqueueWallPostNotification(tx: Tx, wall: Wall, post: WallPostRow): Promise<void> {
  const albumTracks = await tx
    .select({ id: tracks.id, songTitle: tracks.songTitle, songOriginalRecordingArtist: tracks.songOriginalRecordingArtist })
    .from(tracks)
    .where(eq(tracks.albumId, wall.album.id))
    .orderBy(asc(tracks.id));
  const { subject, body } = wallPostEmail({
    album: wall.album,
    tracks: albumTracks.map((t) => ({ ...t, addressed: t.id === wall.trackId })),
    author: { kind: post.authorKind, name: post.authorName },
    visibility: post.visibility,
    isReply: post.parentId !== null,
    message: post.message,
    albumUrl: `${publicBaseUrl()}/albums/${wall.album.id}`,
  });
  const at = now();
  const staff = await staffRecipients(tx);
  await tx.insert(outboxMessages).values({
    recipients: mayRead({ kind: "client" }, post.visibility) ? staff : await withoutClientAddresses(tx, staff),
    subject,
    body,
    wallPostId: post.id,
    nextAttemptAt: at,
    dateAdded: at,
  });
}
