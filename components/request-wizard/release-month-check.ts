import { checkReleaseDate } from "@/lib/releases/release-date";
import { DomainError } from "@/lib/errors";

export type ServiceDay = { year: number; month: number; day: number };

/**
 * The API's release-date rule (a past month; this month from the 20th) run in the browser on the chosen month,
 * with the service's date passed from the server. null when allowed or not chosen yet.
 */
export function chosenMonthError(
  release: { dateMode: string; releaseMonth: string; releaseYear: string },
  today: ServiceDay,
) {
  if (release.dateMode !== "chosen") return null;
  const month = Number(release.releaseMonth);
  const year = Number(release.releaseYear);
  if (!release.releaseMonth || !release.releaseYear || !Number.isInteger(month) || !Number.isInteger(year)) return null;
  try {
    checkReleaseDate(month, year, today);
    return null;
  } catch (err) {
    if (err instanceof DomainError) return err.detail;
    throw err;
  }
}
