import { serviceDate } from "@/lib/clock";
import { formatDay } from "@/lib/formatting";
import type { RateTable } from "@/lib/royalties/compute-royalty";

/** A notice is due within this many days after the phonorecords are made (17 U.S.C. § 115(b)(1)). */
export const DAYS_AFTER_MAKING = 30;

type Day = { year: number; month: number; day: number };

const iso = (d: Date) => d.toISOString().slice(0, 10);
const utcDay = (d: Day, plusDays = 0) => new Date(Date.UTC(d.year, d.month - 1, d.day + plusDays));

/**
 * The rules of a release's manufacture date (docs/product-rules.md, "Licensee details and agency"; the bounds are
 * docs/decisions/manufacture-date.md): only a physical format has one; copies are made before they are
 * distributed, so not after the release month's last day; and not more than 30 days before today when it is set,
 * since a notice for copies made earlier can no longer be served in time. `checkPast` is false when the date is not
 * being set (a release's month changed later, with its manufacture date kept). No database: the wizard runs it too.
 */
export function manufactureDateErrors(
  table: RateTable,
  release: { formatId: number; releaseMonth: number; releaseYear: number; manufactureDate: string | null },
  options: { checkPast: boolean; today?: Day },
): { field: "manufactureDate"; message: string }[] {
  const { manufactureDate } = release;
  if (!manufactureDate) return [];
  const refuse = (message: string) => [{ field: "manufactureDate" as const, message }];
  const format = table.formats.get(release.formatId);
  if (format && !format.physical)
    return refuse(
      `only a physical format (CD, vinyl, cassette…) has a manufacture date; ${format.title} is not one, so leave it out`,
    );
  const lastDay = iso(new Date(Date.UTC(release.releaseYear, release.releaseMonth, 0)));
  if (manufactureDate > lastDay)
    return refuse(
      `must be on or before ${formatDay(lastDay, "long")}, the last day of the release month: copies are made before they are distributed`,
    );
  if (options.checkPast) {
    const earliest = iso(utcDay(options.today ?? serviceDate(), -DAYS_AFTER_MAKING));
    if (manufactureDate < earliest)
      return refuse(
        `is more than ${DAYS_AFTER_MAKING} days ago: a notice must be served within ${DAYS_AFTER_MAKING} days after the ` +
          `copies are made (17 U.S.C. § 115(b)(1)), so copies made before ${formatDay(earliest, "long")} can no longer ` +
          `get the compulsory license (ask us about a custom license)`,
      );
  }
  return [];
}
