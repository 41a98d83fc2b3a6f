import { z } from "zod";
import { MAX_ID, requiredOr } from "@/lib/validation";
import { CANNOT_LICENSE_REASONS, STATUS_CODES } from "./statuses";

const note = z
  .string({ error: "must be text" })
  .trim()
  .max(2000, "must be at most 2000 characters")
  .nullish()
  .transform((v) => (v ? v : null));

/** POST /api/requests/{id}/status, and the staff workspace's transition form. */
export const statusChangeSchema = z
  .strictObject(
    {
      code: z.enum(STATUS_CODES, { error: requiredOr(`must be one of ${STATUS_CODES.join(", ")}`) }),
      reason: z.enum(CANNOT_LICENSE_REASONS, { error: `must be one of ${CANNOT_LICENSE_REASONS.join(", ")}` }).nullish(),
      note,
      notePrivate: z.boolean({ error: "must be true or false" }).optional().default(false),
    },
    { error: requiredOr("the body must be a JSON object") },
  )
  .superRefine((body, ctx) => {
    if (body.code === "cannot_license" && !body.reason)
      ctx.addIssue({ code: "custom", path: ["reason"], message: "cannot_license needs a reason" });
    if (body.code !== "cannot_license" && body.reason)
      ctx.addIssue({ code: "custom", path: ["reason"], message: "a reason is given only with cannot_license" });
  });
export type StatusChangeInput = z.infer<typeof statusChangeSchema>;

/** POST /api/requests/{id}/cancel: the body is optional. */
export const cancelSchema = z.strictObject({ note }, { error: requiredOr("the body must be a JSON object") });

export const linkSongSchema = z.strictObject(
  {
    songId: z
      .number({ error: requiredOr("must be a song id (an integer)") })
      .int("must be a song id")
      .positive("must be a song id")
      .max(MAX_ID, "is not an id we issued"),
  },
  { error: requiredOr("the body must be a JSON object") },
);
