import { and, eq, isNull } from "drizzle-orm";
import type { Tx } from "@/db/client";
import { albums, outboxMessages, requests, tracks, users } from "@/db/schema";
import { now } from "@/lib/clock";
import { publicBaseUrl } from "./public-base-url";

/**
 * "Need info": the request's account's client staff (its active client users, never a licensee user) are mailed the
 * message and a link to the request, through the outbox, in the transaction that moves the request.
 */
export async function enqueueNeedInfoMail(tx: Tx, requestId: number, message: string): Promise<void> {
  const [request] = await tx
    .select({
      accountId: requests.accountId,
      songTitle: tracks.songTitle,
      albumTitle: albums.title,
      artist: albums.artist,
    })
    .from(requests)
    .innerJoin(tracks, eq(tracks.id, requests.trackId))
    .innerJoin(albums, eq(albums.id, tracks.albumId))
    .where(eq(requests.id, requestId));
  if (!request) return;
  const clientStaff = await tx
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, "client"), eq(users.accountId, request.accountId), isNull(users.deactivatedAt)));
  if (clientStaff.length === 0) return; // an account used through API keys alone has nobody to mail
  const at = now();
  await tx.insert(outboxMessages).values({
    purpose: "client_notification",
    recipients: clientStaff.map((u) => u.email),
    subject: `Request #${requestId}: we need information about "${request.songTitle}"`,
    body: [
      `CoverDesk needs information to license request #${requestId}: "${request.songTitle}" on "${request.albumTitle}" by ${request.artist}.`,
      "",
      message,
      "",
      `Answer on the album's wall or update the request: ${publicBaseUrl()}/requests/${requestId}`,
    ].join("\n"),
    nextAttemptAt: at,
    dateAdded: at,
  });
}
