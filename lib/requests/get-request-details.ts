import { eq } from "drizzle-orm";
import type { Conn } from "@/db/client";
import { albums, formats, licensees, releases, requests, tracks } from "@/db/schema";
import { scopeOf, type Actor } from "@/lib/auth/actor";
import { licenseeName } from "@/lib/licensees/licensee-name";
import { toReleaseView } from "@/lib/releases/release-view";
import { findRequestView } from "./request-view";
import { requestTimeline } from "./request-timeline";
import { TRANSITIONS } from "./statuses";

/** The request page: the request as the API shows it, what it is about, its timeline and what the caller may do. */
export async function getRequestDetails(db: Conn, actor: Actor, requestId: number) {
  const request = await findRequestView(db, scopeOf(actor), requestId); // scoping: 404 for another account's request
  const [[row], timeline] = await Promise.all([
    db
      .select({
        track: tracks,
        albumTitle: albums.title,
        albumArtist: albums.artist,
        licensee: { companyName: licensees.companyName, firstName: licensees.firstName, lastName: licensees.lastName },
        release: releases,
        formatTitle: formats.title,
      })
      .from(requests)
      .innerJoin(tracks, eq(tracks.id, requests.trackId))
      .innerJoin(albums, eq(albums.id, tracks.albumId))
      .innerJoin(licensees, eq(licensees.id, albums.licenseeId))
      .innerJoin(releases, eq(releases.id, requests.releaseId))
      .innerJoin(formats, eq(formats.id, releases.formatId))
      .where(eq(requests.id, request.id)),
    requestTimeline(db, actor, request.id),
  ]);
  if (!row) throw new Error(`request ${request.id} lost its track, album or release`);
  const { track } = row;
  return {
    request,
    song: {
      title: track.songTitle,
      originalRecordingArtist: track.songOriginalRecordingArtist,
      composer: track.songComposer,
    },
    track: { id: track.id, lengthInSeconds: track.lengthInSeconds, medley: track.medley, medleyTrackId: track.medleyTrackId },
    album: { id: request.albumId, title: row.albumTitle, artist: row.albumArtist },
    licensee: { id: request.licenseeId, name: licenseeName(row.licensee) },
    release: { ...toReleaseView(row.release), formatTitle: row.formatTitle },
    timeline,
    canCancel: actor.kind === "client" && TRANSITIONS[request.status.code].includes("cancelled"),
  };
}
export type RequestDetails = Awaited<ReturnType<typeof getRequestDetails>>;
