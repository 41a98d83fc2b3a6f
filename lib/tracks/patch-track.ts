import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { tracks } from "@/db/schema";
import { requireEditor, scopeOf, type Actor } from "@/lib/auth/actor";
import { lockAlbum } from "@/lib/albums/find-album";
import { recordAudit } from "@/lib/audit/record-audit";
import { now } from "@/lib/clock";
import { DomainError } from "@/lib/errors";
import { albumLockState, assertEditable } from "@/lib/locks/edit-locks";
import { parsePatch } from "@/lib/patch/parse-patch";
import { lengthInSeconds, songFieldSchemas } from "@/lib/requests/schemas";
import { recomputeRoyalties } from "@/lib/royalties/recompute-royalties";
import { z } from "zod";
import { findTrack } from "./find-track";
import { getTrack } from "./track-view";

export const trackPatchFields = {
  lengthInSeconds,
  externalTrackId: z.string({ error: "must be a string or null" }).trim().max(200).nullable(),
  "song/title": songFieldSchemas.title,
  "song/originalRecordingArtist": songFieldSchemas.originalRecordingArtist,
  "song/notes": songFieldSchemas.notes,
  "song/artist": songFieldSchemas.artist,
  "song/composer": songFieldSchemas.composer,
  "song/arranger": songFieldSchemas.arranger,
};
type TrackPatchField = keyof typeof trackPatchFields;

const COLUMN: Record<TrackPatchField, keyof typeof tracks.$inferInsert> = {
  lengthInSeconds: "lengthInSeconds",
  externalTrackId: "externalTrackId",
  "song/title": "songTitle",
  "song/originalRecordingArtist": "songOriginalRecordingArtist",
  "song/notes": "songNotes",
  "song/artist": "songArtist",
  "song/composer": "songComposer",
  "song/arranger": "songArranger",
};

/**
 * PATCH /api/tracks/{id}: song fields until the track is linked to a catalog song; length and external id until
 * licensing has begun, except that a missing length may be supplied at any time.
 */
export async function patchTrack(db: Db, actor: Actor, trackId: number, body: unknown) {
  const editor = requireEditor(actor);
  const changes = parsePatch(body, trackPatchFields);
  await db.transaction(async (tx) => {
    const found = await findTrack(tx, scopeOf(editor), trackId);
    if (changes.size === 0) return;
    await lockAlbum(tx, found.albumId);
    const track = await findTrack(tx, scopeOf(editor), trackId); // re-read under the album lock
    const state = await albumLockState(tx, track.albumId);
    assertEditable(state, { resource: "track", trackId, lengthInSeconds: track.lengthInSeconds }, [...changes.keys()]);
    const values = Object.fromEntries([...changes].map(([field, value]) => [COLUMN[field], value]));
    const next = { ...track, ...values };
    if (!next.songOriginalRecordingArtist && !next.songComposer) {
      throw new DomainError("invalid_patch", "A song needs an originalRecordingArtist or a composer.", [
        { path: "song/originalRecordingArtist", message: "send originalRecordingArtist or composer" },
      ]);
    }
    await tx.update(tracks).set({ ...values, dateUpdated: now() }).where(eq(tracks.id, trackId));
    if (changes.has("lengthInSeconds")) await recomputeRoyalties(tx, { trackIds: [trackId] });
    await recordAudit(tx, editor, {
      action: "track.patched",
      entityType: "track",
      entityId: trackId,
      accountId: track.accountId,
      detail: Object.fromEntries(changes),
    });
  });
  return getTrack(db, editor, trackId);
}
