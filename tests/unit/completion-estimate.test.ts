import { describe, expect, it } from "vitest";
import { estimateCompletion } from "@/lib/requests/completion-estimate";
import type { StatusDurations } from "@/lib/requests/status-durations";

const DAY = 86_400_000;
const AT = new Date("2026-11-25T12:00:00Z");
const days = (d: number) => d * DAY;
const stay = (p25: number, p50: number, p75: number) => ({ p25: days(p25), p50: days(p50), p75: days(p75) });

const history: StatusDurations = {
  byStatus: new Map([
    ["new", stay(1, 2, 3)],
    ["need_info", stay(2, 3, 5)],
    ["ready", stay(0.5, 1, 2)],
    ["need_payment", stay(1, 2, 4)],
    ["in_progress", stay(5, 7, 10)],
  ]),
  basedOn: 42,
};
const since = (daysAgo: number) => new Date(AT.getTime() - days(daysAgo));
const range = (status: Parameters<typeof estimateCompletion>[1]["status"], daysAgo = 0, h = history) => {
  const e = estimateCompletion(h, { status, statusSince: since(daysAgo) }, AT);
  return e && [(e.earliest.getTime() - AT.getTime()) / DAY, (e.latest.getTime() - AT.getTime()) / DAY, e.basedOn];
};

describe("the estimated licensing date", () => {
  it.each([
    ["new", 0, [7.5, 19, 42]],
    ["need_info", 0, [9.5, 24, 42]],
    ["ready", 0, [6.5, 16, 42]],
    ["need_payment", 0, [6, 14, 42]],
    ["in_progress", 0, [5, 10, 42]],
    // Time already spent in the current status comes off its own stay, never below nothing.
    ["in_progress", 4, [1, 6, 42]],
    ["in_progress", 30, [0, 0, 42]],
    ["new", 2, [6.5, 17, 42]],
  ] as const)(
    "%s, %i days in it: the rest of the way at the first and third quartiles",
    (status, daysAgo, expected) => {
      expect(range(status, daysAgo)).toEqual(expected);
    },
  );

  it.each(["licensed", "cancelled", "cannot_license"] as const)("is none for a %s request", (status) => {
    expect(range(status)).toBeNull();
  });

  it("is none while the history lacks a status still ahead", () => {
    const partial: StatusDurations = { byStatus: new Map([["in_progress", stay(5, 7, 10)]]), basedOn: 3 };
    expect(range("ready", 0, partial)).toBeNull();
    expect(range("in_progress", 0, partial)).toEqual([5, 10, 3]);
  });
});
