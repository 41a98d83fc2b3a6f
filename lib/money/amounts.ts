import { z } from "zod";
import { formatTotal } from "@/lib/royalties/compute-royalty";

// Money is integer hundredths of a cent (lib/royalties): $16.99 is 169900. The API shows and takes decimal strings.

/** Rounds half up to whole cents, staying in hundredths of a cent. */
export const roundToCents = (amount: number) => Math.floor((amount + 50) / 100) * 100;

/** A signed amount as the API's decimal string ("-12.50"). */
export const formatAmount = (amount: number) => (amount < 0 ? `-${formatTotal(-amount)}` : formatTotal(amount));

const AMOUNT_FORMAT = "must be an amount in dollars and cents, such as 1,067.96";
/** Dollars as people type them: an optional "$", thousands grouped by commas (or not), at most 2 decimals. */
const AMOUNT_PATTERN = /^\$?(\d{1,3}(,\d{3}){1,2}|\d{1,9})(\.\d{1,2})?$/;

/**
 * An amount of money as text ("147.99", "$1,067.96"), in hundredths of a cent; above 0. Every malformed amount gets the
 * one message, so a form shows one line for the field.
 */
export const moneyInput = z
  .string({ error: AMOUNT_FORMAT })
  .trim()
  .regex(AMOUNT_PATTERN, AMOUNT_FORMAT)
  .transform((v) => {
    const [whole, fraction = ""] = v.replace(/[$,]/g, "").split(".");
    return Number(whole) * 10000 + Number(fraction.padEnd(2, "0")) * 100;
  })
  .refine((v) => v > 0, "must be more than 0");
