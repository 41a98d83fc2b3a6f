/** Money is integer hundredths of a cent ("micro-dollars / 100"): $0.1310 is 1310. */
export type RateTable = {
  statutory: { year: number; perCopy: number; perMinute: number }[];
  formats: Map<
    number,
    {
      title: string;
      royaltyKind: "statutory" | "fixed";
      fixedRate: number | null;
      requiresOutlets: boolean;
      /** A physical phonorecord (CD, vinyl…): only these have a manufacture date. */
      physical: boolean;
    }
  >;
};

export type RoyaltyInput = {
  formatId: number;
  releaseYear: number;
  lengthInSeconds: number | null;
  quantity: number;
  /** A medley as a whole owes nothing; its song parts owe. */
  medleyWhole: boolean;
};

/**
 * `provisional`: a statutory format released in a year the table has no rate for yet, priced at the latest year's
 * rate until that year's rate is entered (docs/money.md, "Rates not yet published"). Fixed rates never are.
 */
export type Royalty = { perUnit: number; quantity: number; total: number; provisional: boolean };

/** The latest year the statutory table has a rate for. */
export function latestRateYear(table: Pick<RateTable, "statutory">): number {
  const years = table.statutory.map((r) => r.year);
  if (years.length === 0) throw new Error("The statutory rate table is empty");
  return Math.max(...years);
}

/** Why a provisional royalty is provisional, as the views, quotes, invoices and the wizard say it. */
export function provisionalReason(releaseYear: number, ratesThrough: number): string {
  return (
    `No rate published for ${releaseYear} yet: priced at the ${ratesThrough} rate; ` +
    "repriced when the rate is published"
  );
}

function statutoryRateFor(table: RateTable, year: number) {
  const sorted = [...table.statutory].sort((a, b) => a.year - b.year);
  const first = sorted[0];
  if (!first) throw new Error("The statutory rate table is empty");
  // A later year uses the latest known rate; an earlier one the earliest.
  return sorted.filter((r) => r.year <= year).at(-1) ?? first;
}

export function computeRoyalty(table: RateTable, input: RoyaltyInput): Royalty {
  const format = table.formats.get(input.formatId);
  if (!format) throw new Error(`Unknown format ${input.formatId}`);
  let perUnit: number;
  // Years are entered in order (enterStatutoryRates), so a year without a row is one after the latest.
  const provisional = format.royaltyKind === "statutory" && input.releaseYear > latestRateYear(table);
  if (input.medleyWhole) perUnit = 0;
  else if (format.royaltyKind === "fixed") perUnit = format.fixedRate ?? 0;
  else {
    const rate = statutoryRateFor(table, input.releaseYear);
    const minutes = Math.ceil((input.lengthInSeconds ?? 0) / 60);
    perUnit = Math.max(rate.perCopy, rate.perMinute * minutes);
  }
  return { perUnit, quantity: input.quantity, total: perUnit * input.quantity, provisional };
}

/**
 * perUnit with 4 decimals, total with 2 (half up), as decimal strings in USD; a provisional royalty says why, by its
 * release year and the latest year with a rate.
 */
export function royaltyView(r: Omit<Royalty, "provisional">, pricing?: RoyaltyPricing) {
  const provisional = pricing?.provisional ?? false;
  return {
    perUnit: formatPerUnit(r.perUnit),
    quantity: r.quantity,
    total: formatTotal(r.total),
    currency: "USD" as const,
    provisional,
    ...(provisional && pricing
      ? { provisionalReason: provisionalReason(pricing.releaseYear, pricing.ratesThrough) }
      : {}),
  };
}

/** What a royalty's view needs to say whether (and why) it is provisional. */
export type RoyaltyPricing = { provisional: boolean; releaseYear: number; ratesThrough: number };

export function formatPerUnit(hundredthsOfCent: number): string {
  const dollars = Math.floor(hundredthsOfCent / 10000);
  return `${dollars}.${String(hundredthsOfCent % 10000).padStart(4, "0")}`;
}

export function formatTotal(hundredthsOfCent: number): string {
  const cents = Math.floor((hundredthsOfCent + 50) / 100);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
}
