import { asc, desc, eq } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { ownerNotices, requestStatusEvents, songOwners, tracks } from "@/db/schema";
import { scopeOf, type Actor } from "@/lib/auth/actor";
import { now } from "@/lib/clock";
import { toPercent } from "@/lib/songs/schemas";
import { estimateCompletion, onWayToLicensed } from "./completion-estimate";
import { findRequestView } from "./request-view";
import { recentStatusDurations } from "./status-durations";

export type OwnerProgress = { name: string; share: number; servedAt: Date | null };

/**
 * What a client (or licensee) sees of the work on a request: each copyright owner with its share and whether its
 * notice is served (names and shares only: nothing the staff wrote), and when the request should be licensed.
 * `owners` is null until research has linked the song.
 */
export async function getRequestProgress(db: Conn, actor: Actor, requestId: number) {
  const request = await findRequestView(db, scopeOf(actor), requestId); // 404 outside the caller's scope
  const at = now();
  const open = onWayToLicensed(request.status.code);
  const [owners, [entered], history] = await Promise.all([
    ownersOf(db, request.id, request.trackId),
    db
      .select({ at: requestStatusEvents.dateAdded })
      .from(requestStatusEvents)
      .where(eq(requestStatusEvents.requestId, request.id))
      .orderBy(desc(requestStatusEvents.dateAdded), desc(requestStatusEvents.id))
      .limit(1),
    open ? recentStatusDurations(db) : null, // a settled request has no estimate
  ]);
  const since = { status: request.status.code, statusSince: entered?.at ?? new Date(request.dateAdded) };
  return { owners, estimate: history ? estimateCompletion(history, since, at) : null, open };
}

/** The notices once licensing has begun; before that the linked song's owners, none served yet. */
async function ownersOf(db: Conn, requestId: number, trackId: number): Promise<OwnerProgress[] | null> {
  const notices = await db
    .select({ name: ownerNotices.ownerName, share: ownerNotices.shareBasisPoints, servedAt: ownerNotices.servedAt })
    .from(ownerNotices)
    .where(eq(ownerNotices.requestId, requestId))
    .orderBy(desc(ownerNotices.shareBasisPoints), asc(ownerNotices.id));
  if (notices.length > 0) return notices.map((n) => ({ ...n, share: toPercent(n.share) }));
  const [track] = await db.select({ songId: tracks.catalogSongId }).from(tracks).where(eq(tracks.id, trackId));
  if (!track?.songId) return null;
  const owners = await db
    .select({ name: songOwners.name, share: songOwners.shareBasisPoints })
    .from(songOwners)
    .where(eq(songOwners.songId, track.songId))
    .orderBy(desc(songOwners.shareBasisPoints), asc(songOwners.id));
  return owners.map((o) => ({ name: o.name, share: toPercent(o.share), servedAt: null }));
}
