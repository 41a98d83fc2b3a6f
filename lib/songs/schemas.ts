import { z } from "zod";
import { isMultiLine, MULTI_LINE, TEXT_LIMITS } from "@/lib/input-text";
import { pageParams } from "@/lib/query-params";
import { requiredOr, requiredText } from "@/lib/validation";

/** 100% in basis points: shares are stored as integers, so they can sum to exactly 100. */
export const FULL_SHARE = 10000;

const name = requiredText("name");

/** A percentage with at most two decimals (33.33), as a number. */
const share = z
  .number({ error: "must be a percentage" })
  .gt(0, "must be more than 0")
  .max(100, "must be at most 100")
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, "may have at most 2 decimals");

/** An owner's postal address as it goes on the envelope: several lines, or none (null, absent and "" alike). */
const postalAddress = () =>
  z
    .string({ error: "must be a string or null" })
    .trim()
    .max(TEXT_LIMITS.line, `must be at most ${TEXT_LIMITS.line} characters`)
    .refine(isMultiLine, MULTI_LINE)
    .nullish()
    .transform((v) =>
      v
        ? v
            .split(/\r?\n/)
            .map((line) => line.trim())
            .filter(Boolean)
            .join("\n")
        : null,
    );

/**
 * How a notice reaches an owner: an email address and a postal address, each optional, and whether the owner
 * designated that email address for notices of intention (only then may a notice go by email; left out: no).
 */
const contactFields = {
  email: z
    .string()
    .trim()
    .max(320)
    .nullish()
    .transform((v) => (v ? v : null))
    .pipe(z.email({ error: "must be an email address" }).nullable()),
  noticeEmailDesignated: z.boolean({ error: "must be true or false" }).optional().default(false),
  postalAddress: postalAddress(),
};

/** A designation names an address: without an email there is nothing to designate. */
function designationNeedsEmail(o: { email: string | null; noticeEmailDesignated: boolean }, ctx: z.RefinementCtx) {
  if (o.noticeEmailDesignated && !o.email)
    ctx.addIssue({
      code: "custom",
      path: ["noticeEmailDesignated"],
      message: "needs the email address the owner designated for notices",
    });
}

const owner = z.strictObject({ name, ...contactFields, share }).superRefine(designationNeedsEmail);

/**
 * PUT /api/owners/{id}/contact and the catalog song page: an owner's contact details, which may change after licensing
 * has begun on the song (ownership and shares may not). Both are replaced: a field left out is cleared.
 */
export const ownerContactSchema = z
  .strictObject(contactFields, {
    error: requiredOr("the body must be a JSON object"),
  })
  .superRefine(designationNeedsEmail);
export type OwnerContactInput = z.infer<typeof ownerContactSchema>;

/** One schema for the catalog API and the portal's song form. */
export const songInputSchema = z
  .strictObject(
    {
      title: name,
      writers: z.array(name, { error: "must be an array of names" }).min(1, "list at least one writer"),
      owners: z.array(owner, { error: "must be an array of owners" }).min(1, "list at least one copyright owner"),
      /** Save even though a catalog song has the same title and writers (409 duplicate_song otherwise). */
      confirmDuplicate: z.boolean({ error: "must be true or false" }).optional(),
    },
    { error: requiredOr("the body must be a JSON object") },
  )
  .superRefine((song, ctx) => {
    const total = song.owners.reduce((sum, o) => sum + toBasisPoints(o.share), 0);
    const sharesValid = song.owners.length > 0 && song.owners.every((o) => share.safeParse(o.share).success);
    if (sharesValid && total !== FULL_SHARE) {
      ctx.addIssue({
        code: "custom",
        path: ["owners"],
        message: `the owners' shares must sum to exactly 100 (they sum to ${total / 100})`,
      });
    }
  });
export type SongInput = z.infer<typeof songInputSchema>;

export const searchSongsQuery = z.strictObject({
  ...pageParams,
  q: z.string().trim().max(TEXT_LIMITS.search, `must be at most ${TEXT_LIMITS.search} characters`).optional(),
});
export type SearchSongsInput = z.infer<typeof searchSongsQuery>;

export const toBasisPoints = (percent: number) => Math.round(percent * 100);
export const toPercent = (basisPoints: number) => basisPoints / 100;
