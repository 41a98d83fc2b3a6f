import { z } from "zod";
import { pageParams } from "@/lib/query-params";
import { emailField } from "@/lib/people/schemas";
import { requiredText } from "@/lib/validation";

/** An account's own fields: the rules of POST /api/accounts, PATCH /api/accounts/{id} and the staff pages. */
export const accountFields = {
  name: requiredText("name"),
  suspended: z.boolean({ error: "must be true or false" }),
};

/** A new client account and the first admin it invites (staff page and POST /api/accounts). */
export const newAccountInput = z.strictObject({
  name: accountFields.name,
  admin: z.strictObject({ email: emailField, name: requiredText("name") }),
});
export type NewAccountInput = z.output<typeof newAccountInput>;

/** A change to an account: rename, suspend or reactivate (the JSON Patch paths are the field names). */
export const accountChanges = z.strictObject(accountFields).partial();
export type AccountChanges = z.output<typeof accountChanges>;

/** GET /api/accounts: a page of accounts. */
export const listAccountsQuery = z.strictObject(pageParams);
