import { and, eq, isNotNull } from "drizzle-orm";
import type { Conn, Db } from "@/db/client";
import { catalogSongs, requests, tracks } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { recordAudit } from "@/lib/audit/record-audit";
import { now } from "@/lib/clock";
import { DomainError, notFound } from "@/lib/errors";
import { lockRequest } from "./lock-request";
import { STATUSES } from "./statuses";
import { findRequestView, type RequestView } from "./request-view";

/**
 * POST /api/requests/{id}/link-song: research found the song; the request's track is linked to it, which locks
 * the song fields for the client. Relinking is allowed until licensing begins on any request of the track; a cancelled
 * or `cannot_license` request is never linked (409 request_closed).
 */
export async function linkSong(db: Db, actor: Actor, requestId: number, songId: number): Promise<RequestView> {
  const employee = requireEmployee(actor, "link requests to catalog songs");
  await db.transaction(async (tx) => {
    const request = await lockRequest(tx, {}, requestId); // album lock first: a concurrent song edit waits
    const [song] = await tx.select({ id: catalogSongs.id }).from(catalogSongs).where(eq(catalogSongs.id, songId));
    if (!song) throw notFound(`Song ${songId}`);
    if (!STATUSES[request.statusCode].canBeLicensed) {
      throw new DomainError(
        "request_closed",
        `Request ${requestId} is "${STATUSES[request.statusCode].label}"; a closed request is not linked to a catalog song.`,
      );
    }
    if (request.catalogSongId === songId) return;
    if (await licensingBegunOnTrack(tx, request.trackId)) {
      throw new DomainError(
        "licensing_begun",
        `Licensing has begun for track ${request.trackId}; it can no longer be linked to another song.`,
      );
    }
    const at = now();
    await tx
      .update(tracks)
      .set({ catalogSongId: songId, songLinkedAt: at, dateUpdated: at })
      .where(eq(tracks.id, request.trackId));
    await recordAudit(tx, employee, {
      action: "track.song_linked",
      entityType: "track",
      entityId: request.trackId,
      accountId: request.accountId,
      detail: { requestId, songId, previousSongId: request.catalogSongId },
    });
  });
  return findRequestView(db, {}, requestId);
}

export async function licensingBegunOnTrack(db: Conn, trackId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: requests.id })
    .from(requests)
    .where(and(eq(requests.trackId, trackId), isNotNull(requests.licensingBegunAt)))
    .limit(1);
  return row !== undefined;
}
