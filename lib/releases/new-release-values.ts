import type { RateTable } from "@/lib/royalties/compute-royalty";
import { validationFailed } from "@/lib/errors";
import { releaseFormatErrors } from "./fields";
import { manufactureDateErrors } from "./manufacture-date";
import { resolveReleaseDate } from "./release-date";

/** Checks a new release's format and dates; generates the month and year when both are omitted. */
export function newReleaseValues(
  table: RateTable,
  input: {
    formatId: number;
    releaseMonth?: number | null;
    releaseYear?: number | null;
    releaseQuantity: number;
    expectedOutletsOfDistribution: string | null;
    label?: string | null;
    catalogNumber?: string | null;
    manufactureDate?: string | null;
  },
  pathPrefix: string,
) {
  const refuse = (errors: { field: string; message: string }[]) =>
    validationFailed(errors.map((e) => ({ path: `${pathPrefix}${e.field}`, message: e.message })));
  const errors = releaseFormatErrors(table, input);
  if (errors.length > 0) throw refuse(errors);
  const date = resolveReleaseDate(input, pathPrefix);
  const details = {
    label: input.label ?? null,
    catalogNumber: input.catalogNumber ?? null,
    manufactureDate: input.manufactureDate ?? null,
  };
  const dateErrors = manufactureDateErrors(table, { ...input, ...date, ...details }, { checkPast: true });
  if (dateErrors.length > 0) throw refuse(dateErrors);
  return {
    formatId: input.formatId,
    releaseQuantity: input.releaseQuantity,
    expectedOutletsOfDistribution: input.expectedOutletsOfDistribution,
    ...details,
    ...date,
  };
}
