import type { Conn } from "@/db/client";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { requestNotices } from "@/lib/licensing/list-notices";
import { licensingBegunOnTrack } from "@/lib/requests/link-song";
import { loadRequestFacts } from "@/lib/requests/request-facts";
import { requestTimeline } from "@/lib/requests/request-timeline";
import { findRequestView } from "@/lib/requests/request-view";
import { TRANSITIONS } from "@/lib/requests/statuses";
import { findSongView } from "@/lib/songs/song-view";

/** Everything the staff request workspace shows: facts, song as filed, linked song, notices, timeline, next steps. */
export async function getRequestWorkspace(db: Conn, actor: Actor, requestId: number) {
  requireEmployee(actor, "work on requests");
  const request = await findRequestView(db, {}, requestId);
  const facts = await loadRequestFacts(db, requestId);
  const songId = facts.track.catalogSongId;
  const [linkedSong, notices, timeline, relinkLocked] = await Promise.all([
    songId === null ? null : findSongView(db, songId),
    requestNotices(db, requestId),
    requestTimeline(db, actor, requestId),
    licensingBegunOnTrack(db, facts.track.id),
  ]);
  return {
    request,
    facts,
    linkedSong,
    notices,
    timeline,
    canLink: !relinkLocked,
    // `licensed` comes from serving the last notice and `cancelled` from the client: no buttons for those.
    nextStatuses: TRANSITIONS[request.status.code].filter((code) => code !== "licensed" && code !== "cancelled"),
  };
}
export type RequestWorkspace = Awaited<ReturnType<typeof getRequestWorkspace>>;
