import { z } from "zod";
import { byKey, requiredOr } from "@/lib/validation";
import { albumRefSchema, createRequestSchema, eligibilityField, newReleaseSchema, releaseRef } from "./schemas";

// Built from the API's own field schemas: the wizard and POST /api/requests share every rule and message.
const trackFields = createRequestSchema.shape.track.shape;

const songTrack = z.strictObject({
  externalTrackId: trackFields.externalTrackId,
  isrc: trackFields.isrc,
  lengthInSeconds: trackFields.lengthInSeconds,
  song: trackFields.song,
});

const albumTrack = songTrack
  .extend({
    medley: trackFields.medley,
    /** The song parts of a medley; each part is its own request, and so is the medley as a whole. */
    parts: z.array(songTrack, { error: "must be a list of song parts" }).max(50, "at most 50 parts").default([]),
  })
  .superRefine((track, ctx) => {
    if (track.medley && track.parts.length === 0)
      ctx.addIssue({ code: "custom", path: ["parts"], message: "a medley needs at least one song part" });
    if (!track.medley && track.parts.length > 0)
      ctx.addIssue({ code: "custom", path: ["parts"], message: "only a medley has song parts" });
  });

/** Several initial requests on one album and one release, filed together (the portal's new-request wizard). */
export const createAlbumRequestsSchema = z.strictObject(
  {
    album: albumRefSchema,
    /** A new release, or `{ id }` of an existing release of the album to join. */
    release: releaseRef,
    tracks: z
      .array(albumTrack, { error: "must be a list of tracks" })
      .min(1, "add at least one track")
      .max(100, "at most 100 tracks at once"),
    eligibility: eligibilityField,
  },
  { error: "must be an object" },
);
export type CreateAlbumRequestsInput = z.infer<typeof createAlbumRequestsSchema>;
export type CreateAlbumRequestsFormInput = z.input<typeof createAlbumRequestsSchema>;

const apiMedley = z.strictObject(
  {
    medley: songTrack
      .extend({
        parts: z
          .array(songTrack, { error: requiredOr("must be a list of song parts") })
          .min(2, "a medley needs at least two song parts (a single song is a track of its own)")
          .max(50, "at most 50 parts"),
      })
      .strict(),
  },
  { error: requiredOr("must be an object") },
);

/**
 * POST /api/albums: a whole album on one release in one call (the wizard's filing, with the API's shape: a medley
 * is `{ "medley": { …the whole, "parts": [ … ] } }`). Parsed into the wizard's input, so both file the same way.
 */
export const createAlbumBodySchema = z
  .strictObject(
    {
      album: albumRefSchema,
      release: newReleaseSchema,
      tracks: z
        .array(byKey("medley", apiMedley, songTrack, "must be a track object"), {
          error: requiredOr("must be a list of tracks"),
        })
        .min(1, "add at least one track")
        .max(100, "at most 100 tracks at once"),
      eligibility: eligibilityField,
    },
    { error: requiredOr("the body must be a JSON object") },
  )
  .transform(({ tracks, ...rest }): CreateAlbumRequestsInput => ({
    ...rest,
    tracks: tracks.map((t) => ("medley" in t ? { ...t.medley, medley: true } : { ...t, medley: false, parts: [] })),
  }));
