import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { splitByShares } from "@/lib/royalties/split-royalty";

describe("splitting a royalty among owners by largest remainder", () => {
  it.each([
    ["33.33/33.33/33.34 of $100.00", 1000000, [3333, 3333, 3334], [333300, 333300, 333400]],
    ["33.33/33.33/33.34 of an odd cent ($0.01)", 100, [3333, 3333, 3334], [33, 33, 34]],
    ["thirds of 1 unit go to the largest remainder", 1, [3333, 3333, 3334], [0, 0, 1]],
    ["60/40 of $131.00", 1310000, [6000, 4000], [786000, 524000]],
    ["50/50 of 1 unit: the tie goes to the first share", 1, [5000, 5000], [1, 0]],
    ["40/35/25 of $65.51", 655100, [4000, 3500, 2500], [262040, 229285, 163775]],
    ["one owner takes all", 999999, [10000], [999999]],
    ["nothing to split", 0, [3333, 3333, 3334], [0, 0, 0]],
  ])("%s", (_name, total, shares, parts) => {
    expect(splitByShares(total, shares)).toEqual(parts);
  });

  it("always adds up to the total, and no part is off its exact share by a unit or more", () => {
    const shares = fc
      .array(fc.integer({ min: 1, max: 10000 }), { minLength: 1, maxLength: 8 })
      .map((raw) => {
        const sum = raw.reduce((a, b) => a + b, 0);
        const scaled = raw.map((r) => Math.floor((r * 10000) / sum));
        scaled[0]! += 10000 - scaled.reduce((a, b) => a + b, 0);
        return scaled;
      })
      .filter((s) => s.every((x) => x >= 0));
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), shares, (total, basisPoints) => {
        const parts = splitByShares(total, basisPoints);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
        parts.forEach((p, i) => expect(Math.abs(p - (total * basisPoints[i]!) / 10000)).toBeLessThan(1));
      }),
    );
  });
});
