import { z } from "zod";
import { albumFields } from "@/lib/albums/fields";
import { licenseeFields, licenseeRecordErrors } from "@/lib/licensees/fields";
import { releaseFields } from "@/lib/releases/fields";
import {
  externalTrackId,
  hasSongCredit,
  isrc,
  lengthInSeconds,
  SONG_CREDIT_MESSAGE,
  songFields,
} from "@/lib/tracks/fields";
import { idOrNew, MAX_ID, requiredOr } from "@/lib/validation";
import { filedEligibility } from "./eligibility-answers";

// The bodies of POST /api/requests and POST /api/tracks/{id}/requests, built from each entity's field rules
// (lib/<area>/fields.ts), which PATCH and the portal's forms use too: one rule, one message.
const id = z
  .number({ error: requiredOr("must be an integer id") })
  .int("must be an integer id")
  .positive("must be a positive id")
  .max(MAX_ID, "is not an id we issued");
export const licenseeIdSchema = z.uuid({ error: "must be a licensee id (a UUID string)" });

const newLicensee = z.strictObject(licenseeFields).superRefine((licensee, ctx) => {
  for (const { field, message } of licenseeRecordErrors(licensee))
    ctx.addIssue({ code: "custom", path: [field], message });
});

const licenseeRef = idOrNew(
  licenseeIdSchema,
  newLicensee,
  "send { id } of an existing licensee, or the full info of a new one",
);

const song = z.strictObject(songFields, { error: requiredOr("must be an object") }).superRefine((s, ctx) => {
  if (!hasSongCredit(s))
    ctx.addIssue({ code: "custom", path: ["originalRecordingArtist"], message: SONG_CREDIT_MESSAGE });
});

const newRelease = {
  formatId: releaseFields.formatId,
  releaseMonth: releaseFields.releaseMonth.nullish(),
  releaseYear: releaseFields.releaseYear.nullish(),
  releaseQuantity: releaseFields.releaseQuantity,
  expectedOutletsOfDistribution: releaseFields.expectedOutletsOfDistribution,
  label: releaseFields.label,
  catalogNumber: releaseFields.catalogNumber,
  manufactureDate: releaseFields.manufactureDate,
};
export const newReleaseSchema = z.strictObject(newRelease, { error: requiredOr("must be an object") });
export type NewReleaseInput = z.infer<typeof newReleaseSchema>;

export const releaseRef = idOrNew(
  id,
  newReleaseSchema,
  "send { id } of an existing release of the album, or a new release",
);

/** A new album (title, artist, licensee) or `{ id }` of an existing one (optionally with its licensee's id). */
export const albumRefSchema = z
  .strictObject(
    {
      id: id.optional(),
      title: albumFields.title.optional(),
      artist: albumFields.artist.optional(),
      licensee: licenseeRef.optional(),
    },
    { error: requiredOr("must be an object") },
  )
  .superRefine((album, ctx) => {
    if (album.id === undefined) {
      if (!album.title) ctx.addIssue({ code: "custom", path: ["title"], message: "a new album needs a title" });
      if (!album.artist) ctx.addIssue({ code: "custom", path: ["artist"], message: "a new album needs an artist" });
      if (!album.licensee)
        ctx.addIssue({ code: "custom", path: ["licensee"], message: "a new album needs a licensee" });
    } else {
      for (const field of ["title", "artist"] as const)
        if (album[field] !== undefined)
          ctx.addIssue({
            code: "custom",
            path: [field],
            message: "send only the id of an existing album (change its title or artist with PATCH /api/albums/{id})",
          });
    }
  });

/** The client's answers to the eligibility questions (POST /api/eligibility's fields), stored on each request filed. */
export const eligibilityField = filedEligibility.optional().meta({
  description:
    "Your answers to the eligibility questions (the fields of POST /api/eligibility), stored with the time on every " +
    "request filed. `alreadyReleased: true` refuses the filing (400 `release_date_in_past`); an answer that rules the " +
    "compulsory license out is filed, and the staff decide.",
});

export const createRequestSchema = z
  .strictObject(
    {
      track: z.strictObject(
        {
          album: albumRefSchema,
          externalTrackId,
          isrc: isrc.optional().transform((v) => v ?? null),
          lengthInSeconds: lengthInSeconds.optional().transform((v) => v ?? null),
          medley: z.boolean({ error: "must be true or false" }).optional().default(false),
          medleyTrackId: id.optional(),
          releases: z
            .array(releaseRef, { error: "must be an array with one release" })
            .length(1, "an initial request carries exactly one release"),
          song,
        },
        { error: requiredOr("must be an object") },
      ),
      eligibility: eligibilityField,
    },
    { error: requiredOr("the body must be a JSON object") },
  )
  .superRefine((body, ctx) => {
    const { album, medley, medleyTrackId } = body.track;
    if (medley && medleyTrackId !== undefined)
      ctx.addIssue({
        code: "custom",
        path: ["track", "medleyTrackId"],
        message: "a medley whole cannot also be a part",
      });
    if (medleyTrackId !== undefined && album.id === undefined)
      ctx.addIssue({
        code: "custom",
        path: ["track", "album", "id"],
        message: "a medley part joins the album of its medley: send that album's id",
      });
  });
export type CreateRequestInput = z.infer<typeof createRequestSchema>;

export const reorderSchema = z.strictObject(newRelease, { error: requiredOr("the body must be a JSON object") });
export type ReorderInput = z.infer<typeof reorderSchema>;
