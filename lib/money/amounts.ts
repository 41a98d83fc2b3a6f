import { z } from "zod";
import { formatTotal } from "@/lib/royalties/compute-royalty";

// Money is integer hundredths of a cent (lib/royalties): $16.99 is 169900. The API shows and takes decimal strings.

/** Rounds half up to whole cents, staying in hundredths of a cent. */
export const roundToCents = (amount: number) => Math.floor((amount + 50) / 100) * 100;

/** A signed amount as the API's decimal string ("-12.50"). */
export const formatAmount = (amount: number) => (amount < 0 ? `-${formatTotal(-amount)}` : formatTotal(amount));

/** An amount of money as a decimal string with at most 2 decimals ("147.99"), in hundredths of a cent; above 0. */
export const moneyInput = z
  .string({ error: 'must be an amount as a decimal string, such as "147.99"' })
  .trim()
  .regex(/^\d{1,9}(\.\d{1,2})?$/, 'must be an amount as a decimal string with at most 2 decimals, such as "147.99"')
  .transform((v) => {
    const [whole, fraction = ""] = v.split(".");
    return Number(whole) * 10000 + Number(fraction.padEnd(2, "0")) * 100;
  })
  .refine((v) => v > 0, "must be more than 0");
