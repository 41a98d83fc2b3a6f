import { describe, expect, it } from "vitest";
import { lateFee, monthsLate, payoutDueOn } from "@/lib/statements/late-fee";

describe("the late fee of 37 CFR 385.3: 1.5% a month or part of a month, simple, rounded half up to the cent", () => {
  it.each([
    ["paid before the 20th", "2026-01-20", "2026-01-05", 0],
    ["paid on the 20th", "2026-01-20", "2026-01-20", 0],
    ["paid on the 21st", "2026-01-20", "2026-01-21", 1],
    ["paid on the 20th of the month after", "2026-01-20", "2026-02-20", 1],
    ["a month and a day late", "2026-01-20", "2026-02-21", 2],
    ["across a year's end", "2026-12-20", "2027-01-21", 2],
    ["a year late", "2026-01-20", "2027-01-20", 12],
  ])("%s: %s → %s is %i months late", (_name, due, paid, months) => {
    expect(monthsLate(due, paid)).toBe(months);
  });

  it.each([
    ["on time: none", 1000000, "2026-01-20", "2026-01-20", 0],
    ["a day late: 1.5% of $100.00", 1000000, "2026-01-20", "2026-01-21", 15000],
    ["a month and a day late: 3% of $100.00", 1000000, "2026-01-20", "2026-02-21", 30000],
    ["1.5% of $43.66 is $0.6549: $0.65", 436600, "2026-01-20", "2026-01-25", 6500],
    ["1.5% of $43.67 is $0.65505: half up to $0.66", 436700, "2026-01-20", "2026-01-25", 6600],
    ["simple, not compounded: 12 months of $1,000.00 is $180.00", 10000000, "2026-01-20", "2027-01-20", 1800000],
    ["nothing owed, nothing late", 0, "2026-01-20", "2026-06-21", 0],
  ])("%s", (_name, amount, due, paid, fee) => {
    expect(lateFee(amount, due, paid)).toBe(fee);
  });

  it("a lower lawful maximum applies when given", () => {
    expect(lateFee(1000000, "2026-01-20", "2026-01-21", 100)).toBe(10000);
  });

  it("is due by the 20th of the month after the statement's month", () => {
    expect(payoutDueOn("2026-11")).toBe("2026-12-20");
    expect(payoutDueOn("2026-12")).toBe("2027-01-20");
  });
});
