import type { RateTable } from "@/lib/royalties/compute-royalty";
import { validationFailed } from "@/lib/errors";
import { releaseFormatErrors } from "./fields";
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
  },
  pathPrefix: string,
) {
  const errors = releaseFormatErrors(table, input);
  if (errors.length > 0)
    throw validationFailed(errors.map((e) => ({ path: `${pathPrefix}${e.field}`, message: e.message })));
  const date = resolveReleaseDate(input, pathPrefix);
  return {
    formatId: input.formatId,
    releaseQuantity: input.releaseQuantity,
    expectedOutletsOfDistribution: input.expectedOutletsOfDistribution,
    ...date,
  };
}
