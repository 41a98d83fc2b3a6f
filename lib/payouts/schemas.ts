import { z } from "zod";
import { isValidIban, isValidRoutingNumber, normalizeIban } from "./bank-numbers";

// Messages never repeat the value: bank numbers stay out of error bodies and logs.
const accountHolder = z
  .string({ error: "must be text" })
  .trim()
  .min(1, "must not be empty")
  .max(140, "must be at most 140 characters");

/**
 * The least the owner asked to be paid at a time, in USD ("25.00"; "0" pays every month), in hundredths of a cent.
 * Left out, the owner's minimum stays as it was.
 */
const payoutMinimum = z
  .string({ error: 'must be an amount as a decimal string, such as "25.00"' })
  .trim()
  .regex(/^\d{1,9}(\.\d{1,2})?$/, 'must be an amount as a decimal string with at most 2 decimals, such as "25.00"')
  .transform((v) => {
    const [whole, fraction = ""] = v.split(".");
    return Number(whole) * 10000 + Number(fraction.padEnd(2, "0")) * 100;
  })
  .optional();

/** PUT /api/owners/{id}/payout-details and the Owner balances page's form. */
export const payoutDetailsSchema = z.discriminatedUnion(
  "kind",
  [
    z.strictObject({
      kind: z.literal("iban"),
      accountHolder,
      payoutMinimum,
      iban: z
        .string({ error: "must be text" })
        .transform(normalizeIban)
        .refine(
          isValidIban,
          "is not a valid IBAN (country code, check digits and account; the check digits must match)",
        ),
    }),
    z.strictObject({
      kind: z.literal("us_account"),
      accountHolder,
      payoutMinimum,
      routingNumber: z
        .string({ error: "must be text" })
        .trim()
        .refine(isValidRoutingNumber, "is not a valid ABA routing number (9 digits with a matching check digit)"),
      accountNumber: z
        .string({ error: "must be text" })
        .trim()
        .regex(/^\d{4,17}$/, "must be 4 to 17 digits"),
    }),
  ],
  { error: 'kind must be "iban" or "us_account"' },
);
export type PayoutDetailsInput = z.infer<typeof payoutDetailsSchema>;
