import { z } from "zod";
import { isoDate, optionalText } from "@/lib/validation";
import { NOTICE_METHODS } from "./notice-methods";

/**
 * POST /api/requests/{id}/owners/{ownerId}/notice and the staff page's serve form: the day the notice was served and
 * how (both optional: today, and by mail, or with the Copyright Office for an owner its records do not identify).
 * The day's limits (not in the future, not before the request was filed) need the clock and the request: the use
 * case checks them.
 */
export const servingFields = {
  servedOn: isoDate.optional(),
  method: z.enum(NOTICE_METHODS, { error: `must be one of ${NOTICE_METHODS.join(", ")}` }).optional(),
};

export const serveNoticeSchema = z.strictObject(
  { ...servingFields, note: optionalText("longLine") },
  { error: "the body must be a JSON object" },
);
export type ServeNoticeInput = z.output<typeof serveNoticeSchema>;
