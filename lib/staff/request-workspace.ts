import { inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { catalogSongs } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { requireEmployee } from "@/lib/auth/require-employee";
import { requestNotices } from "@/lib/licensing/list-notices";
import { servingDays } from "@/lib/licensing/serve-notice";
import { listRequestCosts } from "@/lib/requests/request-costs";
import { fastTrackRefusal } from "@/lib/workflow/fast-track-reorder";
import { licensingBegunOnTrack } from "@/lib/requests/link-song";
import { requestActions } from "@/lib/requests/request-actions";
import { loadRequestFacts } from "@/lib/requests/request-facts";
import { requestTimeline } from "@/lib/requests/request-timeline";
import { findRequestView } from "@/lib/requests/request-view";
import { STATUSES } from "@/lib/requests/statuses";
import { requestInvoices } from "@/lib/money/request-invoices";
import { findSongMatches } from "@/lib/songs/match-songs";
import { findSongView, songViews } from "@/lib/songs/song-view";
import { findUserName, listEmployees } from "./list-employees";

/**
 * Everything the staff request workspace shows: facts, song as filed, linked song, catalog suggestions (while the
 * song may still change), notices, costs, timeline, next steps.
 */
export async function getRequestWorkspace(db: Db, actor: Actor, requestId: number) {
  requireEmployee(actor, "work on requests");
  const request = await findRequestView(db, {}, requestId);
  const facts = await loadRequestFacts(db, requestId);
  const songId = facts.track.catalogSongId;
  const [linkedSong, notices, costs, timeline, relinkLocked, employees, invoices] = await Promise.all([
    songId === null ? null : findSongView(db, songId),
    requestNotices(db, requestId),
    listRequestCosts(db, requestId),
    requestTimeline(db, actor, requestId),
    licensingBegunOnTrack(db, facts.track.id),
    listEmployees(db, actor),
    requestInvoices(db, actor, requestId),
  ]);
  const assigneeId = facts.request.assigneeUserId;
  return {
    request,
    facts,
    linkedSong,
    suggestions:
      relinkLocked || !STATUSES[request.status.code].canBeLicensed ? [] : await suggestedSongs(db, actor, requestId),
    notices,
    servingDays: servingDays(facts.request),
    costs,
    timeline,
    invoices,
    // Who works on it (an assignee since deactivated still shows, by name, until someone reassigns it).
    assignee:
      assigneeId === null ? null : (employees.find((e) => e.id === assigneeId) ?? (await findUserName(db, assigneeId))),
    employees,
    /** Why this reorder cannot be taken to payment in one action, or null when it can (lib/workflow/fast-track-reorder.ts). */
    fastTrack: await fastTrackRefusal(db, { ...facts.request, catalogSongId: songId }),
    linkLocked: relinkLocked
      ? "Licensing has begun for this track, so its song can no longer change."
      : STATUSES[request.status.code].canBeLicensed
        ? null
        : `This request is "${STATUSES[request.status.code].label}", so it is not linked to a catalog song.`,
    /** The client's answers rule the license out and no employee has overridden them: "Ready" needs a note why. */
    eligibilityNeedsOverride: (request.eligibility?.blocking.length ?? 0) > 0 && !request.eligibility?.override,
    /** What the employee may do here, the statuses they may move the request to among it (lib/requests/request-actions.ts). */
    actions: requestActions(actor, request),
  };
}
/** The song-matches answer with each song's owners and shares, which the page shows. */
async function suggestedSongs(db: Db, actor: Actor, requestId: number) {
  const { matches } = await findSongMatches(db, actor, requestId);
  if (matches.length === 0) return [];
  const songs = await songViews(
    db,
    await db
      .select()
      .from(catalogSongs)
      .where(
        inArray(
          catalogSongs.id,
          matches.map((m) => m.songId),
        ),
      ),
  );
  return matches.map((m) => ({ ...songs.find((s) => s.id === m.songId)!, score: m.score }));
}

export type RequestWorkspace = Awaited<ReturnType<typeof getRequestWorkspace>>;
