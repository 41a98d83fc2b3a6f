import { z } from "zod";
import { isoDate, optionalText, requiredText } from "@/lib/validation";
import { NOTICE_METHODS, type NoticeMethod } from "./notice-methods";

/**
 * A notice served after its due date: the employee attests that no copy was distributed before the notice and none
 * was made more than 30 days before it (17 U.S.C. § 115(b)(1)), and says how they know. Both flags must be true: an
 * employee who cannot attest either moves the request to "Cannot license" instead (docs/licensing-law.md).
 */
const lateAttestationSchema = z.strictObject(
  {
    noCopiesDistributed: z.literal(true, {
      error: "must be true: no copy may have been distributed before the notice is served",
    }),
    madeWithin30Days: z.literal(true, {
      error: "must be true: no copy may have been made more than 30 days before the notice is served",
    }),
    note: requiredText("longLine"),
  },
  { error: "must be an object { noCopiesDistributed: true, madeWithin30Days: true, note }" },
);

/**
 * POST /api/requests/{id}/owners/{ownerId}/notice, the bulk serve and the staff page's serve form: the day the notice
 * was served (today when left out) and how. Left out, the method is `mail`, which needs its `carrier`; the Copyright
 * Office is never assumed. The day's limits and whether the notice is late need the clock and the request: the use
 * case checks them.
 */
export const servingFields = {
  servedOn: isoDate.optional(),
  method: z.enum(NOTICE_METHODS, { error: `must be one of ${NOTICE_METHODS.join(", ")}` }).optional(),
  carrier: optionalText(),
  trackingNumber: optionalText(),
  filingReference: optionalText(),
  lateAttestation: lateAttestationSchema.optional(),
};

/** The fields that belong to one way of serving only, each with the way it needs. */
const METHOD_FIELDS = {
  carrier: "mail",
  trackingNumber: "mail",
  filingReference: "copyright_office",
} as const satisfies Record<string, NoticeMethod>;

/** Keys of `servingFields`, for the bulk move that refuses them on any other move. */
export const SERVING_KEYS = Object.keys(servingFields) as (keyof typeof servingFields)[];

/**
 * Mail needs its carrier, a Copyright Office filing its reference (the Office's receipt or deposit-account debit), and
 * a way's own fields are not given with another way.
 */
export function servingRules(
  body: {
    method?: NoticeMethod;
    carrier: string | null;
    trackingNumber: string | null;
    filingReference: string | null;
  },
  ctx: z.RefinementCtx,
) {
  const method = body.method ?? "mail";
  if (method === "mail" && !body.carrier)
    ctx.addIssue({
      code: "custom",
      path: ["carrier"],
      message: "is required to serve by mail: the postal carrier or courier (USPS, FedEx…)",
    });
  if (method === "copyright_office" && !body.filingReference)
    ctx.addIssue({
      code: "custom",
      path: ["filingReference"],
      message: "is required to file with the Copyright Office: its receipt number or deposit-account debit",
    });
  for (const [key, way] of Object.entries(METHOD_FIELDS))
    if (body[key as keyof typeof METHOD_FIELDS] && method !== way)
      ctx.addIssue({ code: "custom", path: [key], message: `is given only with method ${way}` });
}

export const serveNoticeSchema = z
  .strictObject({ ...servingFields, note: optionalText("longLine") }, { error: "the body must be a JSON object" })
  .superRefine(servingRules);
export type ServeNoticeInput = z.output<typeof serveNoticeSchema>;
