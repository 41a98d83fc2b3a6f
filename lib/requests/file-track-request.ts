import type { Tx } from "@/db/client";
import { eq } from "drizzle-orm";
import { insertStatement } from "@/db/statement";
import { requests, tracks, type releases } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { now } from "@/lib/clock";
import { recordAudit } from "@/lib/audit/record-audit";
import type { RateTable } from "@/lib/royalties/compute-royalty";
import type { StoredEligibility } from "./eligibility-answers";
import { insertRequest } from "./insert-request";
import type { CreateRequestInput } from "./schemas";

type TrackInput = Pick<CreateRequestInput["track"], "externalTrackId" | "isrc" | "lengthInSeconds" | "medley" | "song">;

// Built once: every filing adds its tracks through it (db/statement.ts).
const insertTrack = insertStatement(tracks, [
  "accountId",
  "albumId",
  "externalTrackId",
  "isrc",
  "lengthInSeconds",
  "medley",
  "medleyTrackId",
  "songTitle",
  "songOriginalRecordingArtist",
  "songNotes",
  "songArtist",
  "songComposer",
  "songArranger",
]);

/**
 * Adds a track to an album and files its initial request on `release`; call it inside the filing transaction. Returns
 * the rows written (the caller's answer is built from them: newRequestView).
 */
export async function fileTrackRequest(
  tx: Tx,
  client: Extract<Actor, { kind: "client" }>,
  input: {
    table: RateTable;
    albumId: number;
    release: typeof releases.$inferSelect;
    track: TrackInput;
    medleyTrackId?: number;
    /** A dry run's own request number (insertRequest). */
    requestId?: number;
    /** The filing's eligibility answers, stored on every request it files. */
    eligibility: StoredEligibility | null;
  },
) {
  const { track, release } = input;
  const [created] = await insertTrack.run(tx, {
    accountId: client.accountId,
    albumId: input.albumId,
    externalTrackId: track.externalTrackId,
    isrc: track.isrc,
    lengthInSeconds: track.lengthInSeconds,
    medley: track.medley,
    medleyTrackId: input.medleyTrackId ?? null,
    songTitle: track.song.title,
    songOriginalRecordingArtist: track.song.originalRecordingArtist,
    songNotes: track.song.notes,
    songArtist: track.song.artist,
    songComposer: track.song.composer,
    songArranger: track.song.arranger,
  });
  if (!created) throw new Error("The track's insert returned no row");
  const request = await insertRequest(tx, client, {
    accountId: client.accountId,
    kind: "initial",
    table: input.table,
    track: created,
    release,
    id: input.requestId,
    eligibility: input.eligibility,
  });
  await recordAudit(tx, client, {
    action: "request.created",
    entityType: "request",
    entityId: request.id,
    accountId: client.accountId,
    detail: { albumId: input.albumId, trackId: created.id, releaseId: release.id },
  });
  // The whole's view counts its parts: a poll by updatedSince must see it change.
  if (input.medleyTrackId !== undefined)
    await tx.update(requests).set({ dateUpdated: now() }).where(eq(requests.trackId, input.medleyTrackId));
  return { requestId: request.id, trackId: created.id, request, track: created };
}
