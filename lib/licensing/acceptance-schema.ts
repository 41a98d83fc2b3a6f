import { z } from "zod";
import { isoDate, optionalMultiLineText, requiredText } from "@/lib/validation";

/**
 * POST /api/requests/{id}/owners/{ownerId}/acceptance and the staff page's acceptance form: the day the owner accepted
 * the voluntary stream license in writing, what records it (a letter, an email, a contract number) and any terms.
 * The day's limits (not in the future, not before the request was filed) need the clock and the request: the use case
 * checks them.
 */
export const acceptanceSchema = z.strictObject(
  {
    acceptedOn: isoDate,
    reference: requiredText("name"),
    terms: optionalMultiLineText("note"),
  },
  { error: "the body must be a JSON object" },
);
export type AcceptanceInput = z.output<typeof acceptanceSchema>;
