import type { RateTable } from "@/lib/royalties/compute-royalty";
import { validationFailed } from "@/lib/errors";
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
  const format = table.formats.get(input.formatId);
  if (!format) {
    const known = [...table.formats.keys()].join(", ");
    throw validationFailed([{ path: `${pathPrefix}formatId`, message: `unknown format; known formats: ${known}` }]);
  }
  if (format.requiresOutlets && !input.expectedOutletsOfDistribution) {
    throw validationFailed([
      {
        path: `${pathPrefix}expectedOutletsOfDistribution`,
        message: `${format.title} needs a summary of the distribution outlets or the name of a distribution package`,
      },
    ]);
  }
  const date = resolveReleaseDate(input, pathPrefix);
  return {
    formatId: input.formatId,
    releaseQuantity: input.releaseQuantity,
    expectedOutletsOfDistribution: input.expectedOutletsOfDistribution,
    ...date,
  };
}
