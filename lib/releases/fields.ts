import { z } from "zod";
import type { RateTable } from "@/lib/royalties/compute-royalty";
import { isoDate, optionalText, requiredOr } from "@/lib/validation";

/** A release's fields: the rules of a new release (a new request, a reorder, the wizard) and of its PATCH. */
export const releaseFields = {
  formatId: z.number({ error: requiredOr("must be an integer (a format id)") }).int("must be an integer (a format id)"),
  releaseMonth: z
    .number({ error: requiredOr("must be an integer from 1 to 12") })
    .int("must be an integer from 1 to 12")
    .min(1, "must be an integer from 1 to 12")
    .max(12, "must be an integer from 1 to 12"),
  releaseYear: z
    .number({ error: requiredOr("must be an integer (a year)") })
    .int("must be an integer (a year)")
    .min(1900, "must be a year from 1900 to 2200")
    .max(2200, "must be a year from 1900 to 2200"),
  releaseQuantity: z
    .number({ error: requiredOr("must be an integer of at least 1") })
    .int("must be an integer of at least 1")
    .min(1, "must be at least 1")
    .max(1_000_000_000, "must be at most 1000000000"),
  expectedOutletsOfDistribution: optionalText("longLine"),
  /** Printed on the notice letter: the label the copies are sold under, and its catalog number. */
  label: optionalText(),
  catalogNumber: optionalText(),
  /**
   * Physical formats: the day the copies are (or are planned to be) made; its notices are then due within 30 days of
   * it too (lib/releases/manufacture-date.ts). Absent, null and "" (an emptied form field) all mean none.
   */
  manufactureDate: z
    .string({ error: 'must be a date such as "2026-11-23", or null' })
    .trim()
    .refine((v) => v === "" || isoDate.safeParse(v).success, 'must be a calendar date such as "2026-11-23"')
    .nullish()
    .transform((v) => v || null),
};

/** A change to a release: any of its fields (the JSON Patch paths are the field names). */
export const releaseChanges = z.strictObject(releaseFields).partial();
export type ReleaseChanges = z.output<typeof releaseChanges>;

/** What the format of a release needs, new or changed: a known format, and the outlets where it asks for them. */
export function releaseFormatErrors(
  table: RateTable,
  release: { formatId: number; expectedOutletsOfDistribution: string | null },
) {
  const format = table.formats.get(release.formatId);
  if (!format) {
    const known = [...table.formats.keys()].join(", ");
    return [{ field: "formatId" as const, message: `unknown format; known formats: ${known}` }];
  }
  if (format.requiresOutlets && !release.expectedOutletsOfDistribution) {
    return [
      {
        field: "expectedOutletsOfDistribution" as const,
        message: `${format.title} needs a summary of the distribution outlets or the name of a distribution package`,
      },
    ];
  }
  return [];
}
