import { z } from "zod";
import { SERVING_KEYS, servingFields, servingRules } from "@/lib/licensing/serve-notice-schema";
import { OFFERED_REASONS, RETIRED_REASON_MESSAGE, RETIRED_REASONS, STATUS_CODES } from "@/lib/requests/statuses";
import { MAX_ID, oneOfCodes, optionalMultiLineText, requestIdList, requiredOr } from "@/lib/validation";
import { fromIsPrivate, oneOf, visibilitySchema } from "@/lib/wall/schemas";
import type { Visibility } from "@/lib/wall/visibilities";

const note = optionalMultiLineText("note");

export const NEED_INFO_NOTE = "tell the client what is missing: it is posted publicly on the album's wall";
const reason = z
  .enum(OFFERED_REASONS as [(typeof OFFERED_REASONS)[number], ...typeof OFFERED_REASONS], {
    error: (issue) =>
      RETIRED_REASONS.includes(issue.input as never)
        ? RETIRED_REASON_MESSAGE
        : `must be one of ${OFFERED_REASONS.join(", ")}`,
  })
  .nullish();

const OVERRIDE_NOTE = "say why the answers do not rule the compulsory license out";
/**
 * With `ready`: the employee's decision that the client's eligibility answers do not rule the license out, and why
 * (lib/workflow/eligibility-gate.ts).
 */
const override = z
  .strictObject(
    { note: optionalMultiLineText("note").refine((v) => v !== null, OVERRIDE_NOTE) },
    { error: requiredOr('must be an object: { "note": "…" }') },
  )
  .transform((o) => ({ note: o.note! }))
  .optional()
  .meta({
    description:
      "Only with `ready`: moves a request whose eligibility answers rule the compulsory license out (else 409 " +
      "`eligibility_blocks`); the note, who and when are stored with the answers.",
  });
/** Who reads the note: `noteVisibility`, or the older `notePrivate` (true: private); public when neither is given. */
const noteVisibility = {
  notePrivate: z.boolean({ error: "must be true or false" }).optional(),
  noteVisibility: visibilitySchema.optional(),
};
const withNoteVisibility = <T extends { notePrivate?: boolean; noteVisibility?: Visibility }>({
  notePrivate,
  noteVisibility,
  ...rest
}: T) => ({
  ...rest,
  noteVisibility: noteVisibility ?? fromIsPrivate(notePrivate) ?? "public",
});

/** A reason only with cannot_license; need_info's message is posted publicly on the album's wall, so it is needed. */
function moveRules(
  body: {
    code: string;
    reason?: string | null;
    override?: { note: string };
    note: string | null;
    notePrivate?: boolean;
    noteVisibility?: Visibility;
  },
  ctx: z.RefinementCtx,
) {
  oneOf("notePrivate", "noteVisibility")(body, ctx);
  if (body.code === "cannot_license" && !body.reason)
    ctx.addIssue({ code: "custom", path: ["reason"], message: "cannot_license needs a reason" });
  if (body.code !== "cannot_license" && body.reason)
    ctx.addIssue({ code: "custom", path: ["reason"], message: "a reason is given only with cannot_license" });
  if (body.code !== "ready" && body.override)
    ctx.addIssue({ code: "custom", path: ["override"], message: "an override is given only with ready" });
  if (
    body.code === "need_info" &&
    (!body.note || (fromIsPrivate(body.notePrivate) ?? body.noteVisibility ?? "public") !== "public")
  )
    ctx.addIssue({ code: "custom", path: ["note"], message: NEED_INFO_NOTE });
}

/** POST /api/requests/{id}/status, and the staff workspace's transition form. */
export const statusChangeSchema = z
  .strictObject(
    {
      code: z.enum(STATUS_CODES, { error: oneOfCodes("a status code", STATUS_CODES) }),
      reason,
      note,
      ...noteVisibility,
      override,
    },
    { error: requiredOr("the body must be a JSON object") },
  )
  .superRefine(moveRules)
  .transform(withNoteVisibility);
export type StatusChangeInput = z.output<typeof statusChangeSchema>;

/** The bulk move that is not a status: every open notice of each request served (which licenses it). */
export const SERVE_NOTICES = "serve_notices";
const BULK_CODES = [...STATUS_CODES, SERVE_NOTICES] as const;

/**
 * POST /api/requests/status (staff) and the queue's bulk bar: one move for each selected request. Serving the notices
 * takes the day and the way they were served, and a late notice's attestation (as one notice does, and applied to
 * each late request); no other move does.
 */
export const bulkStatusSchema = z
  .strictObject(
    {
      requestIds: requestIdList(100, "at a time"),
      code: z.enum(BULK_CODES, { error: oneOfCodes("a status code or serve_notices", BULK_CODES) }),
      reason,
      note,
      ...noteVisibility,
      override,
      ...servingFields,
    },
    { error: requiredOr("the body must be a JSON object") },
  )
  .superRefine(moveRules)
  .superRefine((body, ctx) => {
    if (body.code === SERVE_NOTICES) return servingRules(body, ctx);
    for (const key of SERVING_KEYS)
      if (body[key] !== undefined && body[key] !== null)
        ctx.addIssue({ code: "custom", path: [key], message: `is given only with ${SERVE_NOTICES}` });
  })
  .transform(withNoteVisibility);
export type BulkStatusInput = z.output<typeof bulkStatusSchema>;

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

/** POST /api/requests/{id}/assignee and the staff page's assign form: an employee's user id, or null for no one. */
export const assignSchema = z.strictObject(
  {
    userId: z
      .number({ error: requiredOr("must be a user id (an integer) or null") })
      .int("must be a user id")
      .positive("must be a user id")
      .max(MAX_ID, "is not an id we issued")
      .nullable(),
  },
  { error: requiredOr("the body must be a JSON object") },
);
