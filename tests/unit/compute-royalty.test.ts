import { describe, expect, it } from "vitest";
import { computeRoyalty, formatTotal, royaltyView, type RateTable } from "@/lib/royalties/compute-royalty";

// The same figures as the reference-data migration (docs/product-rules.md, "Statutory rates"), in hundredths of a cent.
const table: RateTable = {
  statutory: [
    { year: 2023, perCopy: 1200, perMinute: 231 },
    { year: 2024, perCopy: 1240, perMinute: 239 },
    { year: 2025, perCopy: 1270, perMinute: 245 },
    { year: 2026, perCopy: 1310, perMinute: 252 },
  ],
  formats: new Map([
    [
      1001,
      { title: "Compact Discs", royaltyKind: "statutory", fixedRate: null, requiresOutlets: false, physical: true },
    ],
    [
      1002,
      {
        title: "Digital Downloads",
        royaltyKind: "statutory",
        fixedRate: null,
        requiresOutlets: false,
        physical: false,
      },
    ],
    [
      1003,
      {
        title: "Interactive Audio Streams",
        royaltyKind: "fixed",
        fixedRate: 100,
        requiresOutlets: true,
        physical: false,
      },
    ],
    [1004, { title: "Ringtones", royaltyKind: "fixed", fixedRate: 2400, requiresOutlets: false, physical: false }],
  ]),
};

const base = { formatId: 1001, releaseYear: 2026, lengthInSeconds: 200, quantity: 1000, medleyWhole: false };

describe("royalties (docs/product-rules.md, 'Formats and royalties')", () => {
  it.each([
    ["5:00 at 2026: per copy wins (5 × 0.0252 = 0.1260 < 0.1310)", { lengthInSeconds: 300 }, "0.1310", "131.00"],
    ["5:01 rounds up to 6 minutes: 6 × 0.0252 = 0.1512", { lengthInSeconds: 301 }, "0.1512", "151.20"],
    ["10:00 at 2026: 10 × 0.0252", { lengthInSeconds: 600 }, "0.2520", "252.00"],
    ["2023 rates", { releaseYear: 2023, lengthInSeconds: 120 }, "0.1200", "120.00"],
    ["2024 per-minute", { releaseYear: 2024, lengthInSeconds: 361 }, "0.1673", "167.30"],
    ["2025 per copy", { releaseYear: 2025 }, "0.1270", "127.00"],
    ["a later year uses the latest known rate", { releaseYear: 2031 }, "0.1310", "131.00"],
    ["missing length owes the per-copy rate", { lengthInSeconds: null }, "0.1310", "131.00"],
    ["zero length owes the per-copy rate", { lengthInSeconds: 0 }, "0.1310", "131.00"],
    ["downloads are statutory too", { formatId: 1002, lengthInSeconds: 420 }, "0.1764", "176.40"],
    ["ringtones: $0.24 whatever the length", { formatId: 1004, lengthInSeconds: 900 }, "0.2400", "240.00"],
    ["streams: $0.01 per stream", { formatId: 1003, quantity: 123457 }, "0.0100", "1234.57"],
    ["a medley as a whole owes nothing", { medleyWhole: true, lengthInSeconds: 900 }, "0.0000", "0.00"],
    ["free and promotional copies count: 1 unit", { quantity: 1 }, "0.1310", "0.13"],
  ])("%s", (_label, overrides, perUnit, total) => {
    const r = computeRoyalty(table, { ...base, ...overrides });
    expect(royaltyView(r)).toMatchObject({ perUnit, total, currency: "USD" });
  });

  it("a statutory format in a year after the latest rate is provisional, and says why; a fixed rate never is", () => {
    expect(computeRoyalty(table, { ...base, releaseYear: 2027 }).provisional).toBe(true);
    expect(computeRoyalty(table, base).provisional).toBe(false);
    expect(computeRoyalty(table, { ...base, releaseYear: 2027, formatId: 1004 }).provisional).toBe(false);
    const r = computeRoyalty(table, { ...base, releaseYear: 2028 });
    expect(royaltyView(r, { provisional: r.provisional, releaseYear: 2028, ratesThrough: 2026 })).toMatchObject({
      total: "131.00",
      provisional: true,
      provisionalReason: "No rate published for 2028 yet: priced at the 2026 rate; repriced when the rate is published",
    });
  });

  it("rounds the total half up to the cent, in integers", () => {
    expect(formatTotal(1249)).toBe("0.12");
    expect(formatTotal(1250)).toBe("0.13");
    expect(formatTotal(131_000_000_000)).toBe("13100000.00");
    // 0.1512 × 3 = 0.4536 → 0.45
    expect(royaltyView(computeRoyalty(table, { ...base, lengthInSeconds: 301, quantity: 3 })).total).toBe("0.45");
  });
});
