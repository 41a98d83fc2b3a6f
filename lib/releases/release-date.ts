import { serviceDate } from "@/lib/clock";
import { DomainError, validationFailed } from "@/lib/errors";
import { monthName } from "@/lib/formatting";

export const CLOSING_DAY = 20;

/** The earliest month a release may have today: this month before the 20th, else next month. */
export function earliestReleaseMonth(today = serviceDate()): { releaseMonth: number; releaseYear: number } {
  if (today.day < CLOSING_DAY) return { releaseMonth: today.month, releaseYear: today.year };
  return today.month === 12
    ? { releaseMonth: 1, releaseYear: today.year + 1 }
    : { releaseMonth: today.month + 1, releaseYear: today.year };
}

/**
 * Release date rules (docs/product-rules.md, "Release dates"): both omitted → generated;
 * one omitted → validation_failed; a past month → release_date_in_past; this month from the 20th → release_month_closed.
 */
export function resolveReleaseDate(
  input: { releaseMonth?: number | null; releaseYear?: number | null },
  pathPrefix = "",
  today = serviceDate(),
): { releaseMonth: number; releaseYear: number } {
  const month = input.releaseMonth ?? null;
  const year = input.releaseYear ?? null;
  if (month === null && year === null) return earliestReleaseMonth(today);
  if (month === null || year === null) {
    const missing = month === null ? "releaseMonth" : "releaseYear";
    throw validationFailed([
      {
        path: `${pathPrefix}${missing}`,
        message: "send releaseMonth and releaseYear together, or omit both to have them generated",
      },
    ]);
  }
  return checkReleaseDate(month, year, today, `${pathPrefix}releaseMonth`);
}

/** A past or closed month is refused, naming the input field that holds the month and the earliest allowed month. */
export function checkReleaseDate(
  releaseMonth: number,
  releaseYear: number,
  today = serviceDate(),
  field = "releaseMonth",
) {
  const earliest = earliestReleaseMonth(today);
  const refuse = (code: "release_date_in_past" | "release_month_closed", detail: string) =>
    new DomainError(code, detail, [{ path: field, message: detail }], { earliest });
  const given = releaseYear * 12 + releaseMonth;
  if (given < today.year * 12 + today.month) {
    throw refuse(
      "release_date_in_past",
      `${monthName(releaseMonth)} ${releaseYear} is in the past; only future releases can be licensed. ` +
        `The earliest allowed release month is ${monthName(earliest.releaseMonth)} ${earliest.releaseYear}.`,
    );
  }
  if (given < earliest.releaseYear * 12 + earliest.releaseMonth) {
    throw refuse(
      "release_month_closed",
      `From the ${CLOSING_DAY}th the current month is closed for new releases; ` +
        `the earliest allowed release month is ${monthName(earliest.releaseMonth)} ${earliest.releaseYear}.`,
    );
  }
  return { releaseMonth, releaseYear };
}
