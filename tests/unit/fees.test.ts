import { describe, expect, it } from "vitest";
import { quoteFee, tierDiscount } from "@/lib/money/fee-rules";
import { formatAmount, moneyInput, roundToCents } from "@/lib/money/amounts";

// The default schedule of the reference data: $16.99 per song per format, reorders at half, tiers at 10 and 50.
const schedule = { songFee: 169900, reorderBasisPoints: 5000 };
const tiers = [
  { fromSong: 10, discountBasisPoints: 1000 },
  { fromSong: 50, discountBasisPoints: 2000 },
];

describe("the service fee quoted for one request", () => {
  it.each([
    ["an initial request", { kind: "initial", medleyWhole: false }, 169900, "16.99"],
    ["a reorder: half the fee", { kind: "reorder", medleyWhole: false }, 84950, "8.50"],
    ["a medley part: charged as its own song", { kind: "initial", medleyWhole: false }, 169900, "16.99"],
    ["a medley whole: none", { kind: "initial", medleyWhole: true }, 0, "0.00"],
    ["a medley whole's reorder: none", { kind: "reorder", medleyWhole: true }, 0, "0.00"],
  ] as const)("%s", (_name, request, fee, shown) => {
    expect(quoteFee(schedule, request)).toBe(fee);
    expect(formatAmount(roundToCents(quoteFee(schedule, request)))).toBe(shown);
  });

  it("follows the schedule it is given (a changed schedule quotes its own fee)", () => {
    expect(quoteFee({ songFee: 200000, reorderBasisPoints: 2500 }, { kind: "reorder", medleyWhole: false })).toBe(
      50000,
    );
  });
});

describe("volume tiers on one invoice", () => {
  it.each([
    [1, 0],
    [9, 0],
    [10, 1000],
    [49, 1000],
    [50, 2000],
    [400, 2000],
  ])("song %i gets %i basis points off its fee", (position, discount) => {
    expect(tierDiscount(tiers, position)).toBe(discount);
  });

  it("no tiers, no discount", () => expect(tierDiscount([], 100)).toBe(0));
});

describe("amounts as decimal strings", () => {
  it.each([
    ["147.99", 1479900],
    ["0.01", 100],
    ["20", 200000],
    ["8.5", 85000],
  ])("%s is %i hundredths of a cent", (input, amount) => expect(moneyInput.parse(input)).toBe(amount));

  it.each(["0", "0.00", "-1.00", "1.005", "abc", "1e3", ""])("refuses %j", (input) =>
    expect(moneyInput.safeParse(input).success).toBe(false),
  );

  it("rounds half up to cents and shows signs", () => {
    expect(formatAmount(roundToCents(84950))).toBe("8.50");
    expect(formatAmount(roundToCents(84949))).toBe("8.49");
    expect(formatAmount(-12500)).toBe("-1.25");
  });
});
