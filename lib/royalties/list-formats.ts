import type { Conn } from "@/db/client";
import { formatPerUnit, latestRateYear } from "./compute-royalty";
import { loadRateTable } from "./load-rate-table";

/**
 * GET /api/formats: every release format, how its royalty is computed, and whether it is a physical phonorecord. A
 * statutory format names the latest year's rates (what a release in that year, or provisionally a later one, is
 * priced at); an earlier year's are in GET /api/statutory-rates.
 */
export async function listFormats(db: Conn) {
  const table = await loadRateTable(db);
  const year = latestRateYear(table);
  const latest = table.statutory.find((r) => r.year === year)!;
  return [...table.formats.entries()].map(([id, f]) => ({
    id,
    title: f.title,
    royalty:
      f.royaltyKind === "fixed"
        ? { kind: "fixed" as const, perUnit: formatPerUnit(f.fixedRate ?? 0) }
        : {
            kind: "statutory" as const,
            year,
            perCopy: formatPerUnit(latest.perCopy),
            perMinute: formatPerUnit(latest.perMinute),
          },
    requiresExpectedOutletsOfDistribution: f.requiresOutlets,
    physical: f.physical,
  }));
}
export type FormatView = Awaited<ReturnType<typeof listFormats>>[number];
