import { describe, expect, it } from "vitest";
import { serviceDate } from "@/lib/clock";
import { earliestReleaseMonth, resolveReleaseDate } from "@/lib/releases/release-date";

const day = (year: number, month: number, d: number) => ({ year, month, day: d });

describe("release date rules (docs/product-rules.md, 'Release dates')", () => {
  it.each([
    // today, given month/year, expected result or error code
    [day(2026, 3, 10), 3, 2026, { releaseMonth: 3, releaseYear: 2026 }],
    [day(2026, 3, 19), 3, 2026, { releaseMonth: 3, releaseYear: 2026 }],
    [day(2026, 3, 20), 3, 2026, "release_month_closed"],
    [day(2026, 3, 31), 3, 2026, "release_month_closed"],
    [day(2026, 3, 20), 4, 2026, { releaseMonth: 4, releaseYear: 2026 }],
    [day(2026, 3, 1), 2, 2026, "release_date_in_past"],
    [day(2026, 3, 25), 2, 2026, "release_date_in_past"],
    [day(2026, 3, 10), 12, 2025, "release_date_in_past"],
    [day(2026, 3, 10), 1, 2027, { releaseMonth: 1, releaseYear: 2027 }],
    [day(2026, 12, 19), 12, 2026, { releaseMonth: 12, releaseYear: 2026 }],
    [day(2026, 12, 20), 12, 2026, "release_month_closed"],
    [day(2026, 12, 20), 1, 2027, { releaseMonth: 1, releaseYear: 2027 }],
    [day(2027, 1, 2), 12, 2026, "release_date_in_past"],
  ] as const)("on %o, %i/%i gives %o", (today, month, year, expected) => {
    const run = () => resolveReleaseDate({ releaseMonth: month, releaseYear: year }, "", today);
    if (typeof expected === "string") expect(run).toThrow(expect.objectContaining({ code: expected }));
    else expect(run()).toEqual(expected);
  });

  it.each([
    [day(2026, 3, 1), { releaseMonth: 3, releaseYear: 2026 }],
    [day(2026, 3, 19), { releaseMonth: 3, releaseYear: 2026 }],
    [day(2026, 3, 20), { releaseMonth: 4, releaseYear: 2026 }],
    [day(2026, 12, 20), { releaseMonth: 1, releaseYear: 2027 }],
    [day(2026, 12, 31), { releaseMonth: 1, releaseYear: 2027 }],
  ] as const)("generates the month when both are omitted: on %o → %o", (today, expected) => {
    expect(resolveReleaseDate({}, "", today)).toEqual(expected);
    expect(resolveReleaseDate({ releaseMonth: null, releaseYear: null }, "", today)).toEqual(expected);
    expect(earliestReleaseMonth(today)).toEqual(expected);
  });

  it.each([
    [{ releaseMonth: 5 }, "track.releases.0.releaseYear"],
    [{ releaseYear: 2026 }, "track.releases.0.releaseMonth"],
  ])("refuses one of month and year alone (%o) naming the missing field", (input, path) => {
    expect(() => resolveReleaseDate(input, "track.releases.0.", day(2026, 3, 1))).toThrow(
      expect.objectContaining({ code: "validation_failed", errors: [expect.objectContaining({ path })] }),
    );
  });

  it("explains the earliest allowed month in the error", () => {
    expect(() => resolveReleaseDate({ releaseMonth: 3, releaseYear: 2026 }, "", day(2026, 3, 21))).toThrow(
      /earliest allowed release month is April 2026/,
    );
  });

  it("reads the calendar in the service's time zone, not UTC", () => {
    // 2026-03-20 03:00 UTC is still March 19th in Chicago: the month is still open there.
    const at = new Date("2026-03-20T03:00:00Z");
    expect(serviceDate(at, "America/Chicago")).toEqual(day(2026, 3, 19));
    expect(serviceDate(at, "UTC")).toEqual(day(2026, 3, 20));
    // New Year's Eve evening in Chicago is already January 1st in UTC.
    expect(serviceDate(new Date("2027-01-01T02:00:00Z"), "America/Chicago")).toEqual(day(2026, 12, 31));
  });
});
