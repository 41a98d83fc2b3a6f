import { z } from "zod";

/** A rate in cents with at most 2 decimals ("13.10" is 13.10¢), as hundredths of a cent (1310). */
const centsInput = (what: string) =>
  z
    .string({ error: `must be the ${what} in cents, such as "13.10"` })
    .trim()
    .regex(/^\d{1,4}(\.\d{1,2})?$/, `must be the ${what} in cents with at most 2 decimals, such as "13.10"`)
    .transform((v) => {
      const [whole, fraction = ""] = v.split(".");
      return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
    })
    .refine((v) => v > 0, "must be more than 0");

/** The staff's Statutory rates page (and POST /api/statutory-rates): one year's published rates. */
export const statutoryRatesSchema = z.strictObject(
  {
    year: z
      .number({ error: "must be a year, such as 2027" })
      .int("must be a year, such as 2027")
      .min(2000, "must be a year from 2000")
      .max(2200, "must be a year before 2200"),
    perCopy: centsInput("rate per copy"),
    perMinute: centsInput("rate per minute of playing time"),
  },
  { error: "the body must be a JSON object" },
);
export type StatutoryRatesInput = z.infer<typeof statutoryRatesSchema>;
