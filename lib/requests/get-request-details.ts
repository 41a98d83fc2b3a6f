import type { Conn } from "@/db/client";
import { scopeOf, type Actor } from "@/lib/auth/actor";
import { licenseeName } from "@/lib/licensees/licensee-name";
import { requestInvoices } from "@/lib/money/request-invoices";
import { toReleaseView } from "@/lib/releases/release-view";
import { requestActions } from "./request-actions";
import { loadRequestFacts } from "./request-facts";
import { findRequestView } from "./request-view";
import { requestTimeline } from "./request-timeline";

/** The request page: the request as the API shows it, what it is about, its timeline and what the caller may do. */
export async function getRequestDetails(db: Conn, actor: Actor, requestId: number) {
  const request = await findRequestView(db, scopeOf(actor), requestId); // scoping: 404 for another account's request
  const [facts, timeline, invoices] = await Promise.all([
    loadRequestFacts(db, request.id),
    requestTimeline(db, actor, request.id),
    requestInvoices(db, actor, request.id),
  ]);
  const { track, album, release } = facts;
  return {
    request,
    song: {
      title: track.songTitle,
      originalRecordingArtist: track.songOriginalRecordingArtist,
      composer: track.songComposer,
    },
    track: {
      id: track.id,
      lengthInSeconds: track.lengthInSeconds,
      medley: track.medley,
      medleyTrackId: track.medleyTrackId,
    },
    album: { id: album.id, title: album.title, artist: album.artist },
    licensee: { id: request.licenseeId, name: licenseeName(facts.licensee) },
    release: { ...toReleaseView(release), formatTitle: facts.formatTitle },
    timeline,
    invoices,
    actions: requestActions(actor, request),
  };
}
