import { z } from "zod";
import { idOrNew, MAX_ID } from "@/lib/validation";

// Shared by the JSON API and the portal: one schema, one set of messages.
const text = (max = 500) => z.string().trim().max(max, `must be at most ${max} characters`);
const optionalText = (max = 500) =>
  text(max)
    .nullish()
    .transform((v) => (v ? v : null));
const id = z
  .number({ error: "must be an integer id" })
  .int("must be an integer id")
  .positive("must be a positive id")
  .max(MAX_ID, "is not an id we issued");
export const licenseeIdSchema = z.uuid({ error: "must be a licensee id (a UUID string)" });

export const LICENSEE_FIELDS = [
  "companyName",
  "firstName",
  "lastName",
  "email",
  "phone1",
  "address",
  "city",
  "state",
  "zip",
  "country",
  "externalLicenseeId",
] as const;
export type LicenseeField = (typeof LICENSEE_FIELDS)[number];

export const licenseeEmail = z
  .string()
  .trim()
  .max(320)
  .pipe(z.email({ error: "must be an email address" }));

export const licenseeFieldSchemas: Record<LicenseeField, z.ZodType<string | null>> = {
  companyName: optionalText(),
  firstName: optionalText(),
  lastName: optionalText(),
  email: licenseeEmail.nullish().transform((v) => v ?? null),
  phone1: optionalText(50),
  address: optionalText(),
  city: optionalText(200),
  state: optionalText(100),
  zip: optionalText(20),
  country: optionalText(100),
  externalLicenseeId: optionalText(200),
};

const newLicensee = z.object(licenseeFieldSchemas).superRefine((l, ctx) => {
  if (!l.lastName && !l.companyName)
    ctx.addIssue({ code: "custom", path: ["lastName"], message: "a new licensee needs lastName or companyName" });
  if (!l.email) ctx.addIssue({ code: "custom", path: ["email"], message: "a new licensee needs an email" });
});

const licenseeRef = idOrNew(licenseeIdSchema, newLicensee, "send { id } of an existing licensee, or the full info of a new one");

export const SONG_FIELDS = ["title", "originalRecordingArtist", "notes", "artist", "composer", "arranger"] as const;
export type SongField = (typeof SONG_FIELDS)[number];
export const songFieldSchemas: Record<SongField, z.ZodType<string | null>> = {
  title: text().min(1, "must not be empty"),
  originalRecordingArtist: optionalText(),
  notes: optionalText(5000),
  artist: optionalText(),
  composer: optionalText(),
  arranger: optionalText(),
};

const song = z
  .object(
    { ...songFieldSchemas, title: z.string({ error: "is required" }).pipe(text().min(1, "must not be empty")) },
    { error: "is required" },
  )
  .superRefine((s, ctx) => {
    if (!s.originalRecordingArtist && !s.composer)
      ctx.addIssue({ code: "custom", path: ["originalRecordingArtist"], message: "send originalRecordingArtist or composer" });
  });

export const releaseMonth = z.number({ error: "must be an integer from 1 to 12" }).int().min(1).max(12);
export const releaseYear = z.number({ error: "must be a year" }).int("must be a year").min(1900).max(2200);
export const releaseQuantity = z
  .number({ error: "must be an integer of at least 1" })
  .int("must be an integer of at least 1")
  .min(1, "must be at least 1")
  .max(1_000_000_000, "must be at most 1000000000");
export const formatId = z.number({ error: "must be a format id" }).int("must be a format id");
export const outlets = optionalText(2000);

export const newReleaseSchema = z.object({
  formatId: z.number({ error: "is required" }).pipe(formatId),
  releaseMonth: releaseMonth.nullish(),
  releaseYear: releaseYear.nullish(),
  releaseQuantity: z.number({ error: "is required" }).pipe(releaseQuantity),
  expectedOutletsOfDistribution: outlets,
});
export type NewReleaseInput = z.infer<typeof newReleaseSchema>;

const releaseRef = idOrNew(id, newReleaseSchema, "send { id } of an existing release of the album, or a new release");

export const lengthInSeconds = z
  .number({ error: "must be an integer number of seconds" })
  .int("must be an integer number of seconds")
  .min(0, "must not be negative")
  .max(24 * 3600, "must be at most 86400")
  .nullable();

export const createRequestSchema = z.object(
  {
    track: z.object(
      {
        album: z.object(
          {
            id: id.optional(),
            title: text().min(1, "must not be empty").optional(),
            artist: text().min(1, "must not be empty").optional(),
            licensee: licenseeRef.optional(),
          },
          { error: "is required" },
        ),
        externalTrackId: optionalText(200),
        lengthInSeconds: lengthInSeconds.optional().transform((v) => v ?? null),
        medley: z.boolean({ error: "must be true or false" }).optional().default(false),
        medleyTrackId: id.optional(),
        releases: z
          .array(releaseRef, { error: "must be an array with one release" })
          .length(1, "an initial request carries exactly one release"),
        song,
      },
      { error: "is required" },
    ),
  },
  { error: "the body must be a JSON object" },
).superRefine((body, ctx) => {
  const { album, medley, medleyTrackId } = body.track;
  if (album.id === undefined) {
    if (!album.title) ctx.addIssue({ code: "custom", path: ["track", "album", "title"], message: "a new album needs a title" });
    if (!album.artist)
      ctx.addIssue({ code: "custom", path: ["track", "album", "artist"], message: "a new album needs an artist" });
    if (!album.licensee)
      ctx.addIssue({ code: "custom", path: ["track", "album", "licensee"], message: "a new album needs a licensee" });
  } else {
    for (const field of ["title", "artist"] as const)
      if (album[field] !== undefined)
        ctx.addIssue({
          code: "custom",
          path: ["track", "album", field],
          message: "send only the id of an existing album (change its title or artist with PATCH /api/albums/{id})",
        });
  }
  if (medley && medleyTrackId !== undefined)
    ctx.addIssue({ code: "custom", path: ["track", "medleyTrackId"], message: "a medley whole cannot also be a part" });
  if (medleyTrackId !== undefined && album.id === undefined)
    ctx.addIssue({
      code: "custom",
      path: ["track", "album", "id"],
      message: "a medley part joins the album of its medley: send that album's id",
    });
});
export type CreateRequestInput = z.infer<typeof createRequestSchema>;

export const reorderSchema = z.object(
  {
    releaseQuantity: z.number({ error: "is required" }).pipe(releaseQuantity),
    releaseMonth: releaseMonth.nullish(),
    releaseYear: releaseYear.nullish(),
    formatId: z.number({ error: "is required" }).pipe(formatId),
    expectedOutletsOfDistribution: outlets,
  },
  { error: "the body must be a JSON object" },
);
export type ReorderInput = z.infer<typeof reorderSchema>;
