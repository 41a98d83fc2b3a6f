import { z } from "zod";
import { optionalMultiLineText, optionalText, requiredText } from "@/lib/validation";

export const SONG_FIELDS = ["title", "originalRecordingArtist", "notes", "artist", "composer", "arranger"] as const;
export type SongField = (typeof SONG_FIELDS)[number];

/** The song of a track: the rules of a new request's `track.song` and of PATCH `song/FIELD`. */
export const songFields = {
  title: requiredText(),
  originalRecordingArtist: optionalText(),
  notes: optionalMultiLineText("note"),
  artist: optionalText(),
  composer: optionalText(),
  arranger: optionalText(),
} satisfies Record<SongField, z.ZodType<string | null>>;

export const lengthInSeconds = z
  .number({ error: "must be an integer number of seconds" })
  .int("must be an integer number of seconds")
  .min(0, "must not be negative")
  .max(24 * 3600, "must be at most 86400")
  .nullable();

export const externalTrackId = optionalText("key");

/**
 * An ISRC: CC-XXX-YY-NNNNN, hyphens optional, stored upper-case without them
 * (docs/product-rules.md, "Tracks and licensed units").
 */
export const isrc = z
  .string({ error: "must be a string or null" })
  .transform((v) => v.replace(/-/g, "").trim().toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}[A-Z0-9]{3}\d{7}$/, "must be an ISRC such as US-S1Z-99-00001"))
  .nullable();

/** A track's editable fields by their JSON Patch path (song fields as `song/FIELD`). */
export const trackFields = {
  lengthInSeconds,
  externalTrackId,
  isrc,
  "song/title": songFields.title,
  "song/originalRecordingArtist": songFields.originalRecordingArtist,
  "song/notes": songFields.notes,
  "song/artist": songFields.artist,
  "song/composer": songFields.composer,
  "song/arranger": songFields.arranger,
};

/** A change to a track: any of its fields, keyed by path as in JSON Patch and the portal's inputs. */
export const trackChanges = z.strictObject(trackFields).partial();
export type TrackChanges = z.output<typeof trackChanges>;

/** A song names who made it known: the original recording artist or the composer. */
export const SONG_CREDIT_MESSAGE = "send originalRecordingArtist or composer";
export const hasSongCredit = (song: { originalRecordingArtist: string | null; composer: string | null }) =>
  Boolean(song.originalRecordingArtist || song.composer);
