import { z } from "zod";
import { albumRefSchema, createRequestSchema, newReleaseSchema } from "./schemas";

// Built from the API's own field schemas: the wizard and POST /api/requests share every rule and message.
const trackFields = createRequestSchema.shape.track.shape;

const songTrack = z.strictObject({
  externalTrackId: trackFields.externalTrackId,
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
    release: newReleaseSchema,
    tracks: z
      .array(albumTrack, { error: "must be a list of tracks" })
      .min(1, "add at least one track")
      .max(100, "at most 100 tracks at once"),
  },
  { error: "must be an object" },
);
export type CreateAlbumRequestsInput = z.infer<typeof createAlbumRequestsSchema>;
export type CreateAlbumRequestsFormInput = z.input<typeof createAlbumRequestsSchema>;
