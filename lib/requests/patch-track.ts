import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { tracks } from "@/db/schema";
import { lockAlbum } from "@/lib/albums/find-album";
import { recordAudit } from "@/lib/audit/record-audit";
import { requireEditor, scopeOf, type Actor } from "@/lib/auth/actor";
import { now } from "@/lib/clock";
import { albumLockState, assertEditable } from "@/lib/locks/edit-locks";
import { changedFields, invalidChange, parseChanges } from "@/lib/patch/parse-patch";
import { loadRateTable } from "@/lib/royalties/load-rate-table";
import { recomputeRoyalties } from "@/lib/royalties/recompute-royalties";
import { hasSongCredit, SONG_CREDIT_MESSAGE, trackFields, type TrackChanges } from "@/lib/tracks/fields";
import { findTrack } from "@/lib/tracks/find-track";
import { getTrack } from "@/lib/tracks/track-view";
import { licenseUnblocked } from "./license-when-done";
import { noteChangesSinceReady } from "./note-changes-since-ready";

/** The JSON Patch paths of a track: lengthInSeconds, externalTrackId, isrc and song/FIELD. */
export const trackPatchFields = trackFields;
export const parseTrackPatch = (body: unknown): TrackChanges => parseChanges(body, trackPatchFields);

const COLUMN: Record<keyof TrackChanges, keyof typeof tracks.$inferInsert> = {
  lengthInSeconds: "lengthInSeconds",
  externalTrackId: "externalTrackId",
  isrc: "isrc",
  "song/title": "songTitle",
  "song/originalRecordingArtist": "songOriginalRecordingArtist",
  "song/notes": "songNotes",
  "song/artist": "songArtist",
  "song/composer": "songComposer",
  "song/arranger": "songArranger",
};

/**
 * PATCH /api/tracks/{id}: song fields until the track is linked to a catalog song; length and external id until
 * licensing has begun, except that a missing length may be supplied at any time (a request in progress that waited
 * for it is then licensed, or waits for the top-up the length adds).
 */
export async function patchTrack(db: Db, actor: Actor, trackId: number, changes: TrackChanges) {
  const editor = requireEditor(actor);
  const fields = changedFields(changes);
  const table = await loadRateTable(db);
  await db.transaction(async (tx) => {
    const found = await findTrack(tx, scopeOf(editor), trackId);
    if (fields.length === 0) return;
    await lockAlbum(tx, found.albumId);
    const track = await findTrack(tx, scopeOf(editor), trackId); // re-read under the album lock
    const state = await albumLockState(tx, track.albumId);
    assertEditable(state, { resource: "track", trackId, lengthInSeconds: track.lengthInSeconds }, fields);
    const values = Object.fromEntries(fields.map((field) => [COLUMN[field], changes[field]]));
    const next = { ...track, ...values };
    if (!hasSongCredit({ originalRecordingArtist: next.songOriginalRecordingArtist, composer: next.songComposer })) {
      throw invalidChange([{ field: "song/originalRecordingArtist", message: SONG_CREDIT_MESSAGE }]);
    }
    await tx
      .update(tracks)
      .set({ ...values, dateUpdated: now() })
      .where(eq(tracks.id, trackId));
    if (changes.lengthInSeconds !== undefined) {
      const recomputed = await recomputeRoyalties(tx, table, { trackId });
      const length = { label: "length (seconds)", from: track.lengthInSeconds, to: changes.lengthInSeconds };
      await noteChangesSinceReady(tx, editor, recomputed, length.from === length.to ? [] : [length]);
      // A request in progress that waited only for this length is licensed now; one it raised waits for its top-up.
      const inProgress = recomputed.filter((r) => r.statusCode === "in_progress").map((r) => r.id);
      await licenseUnblocked(tx, editor, inProgress, "The track's length was supplied");
    }
    await recordAudit(tx, editor, {
      action: "track.patched",
      entityType: "track",
      entityId: trackId,
      accountId: track.accountId,
      detail: changes,
    });
  });
  return getTrack(db, editor, trackId);
}
