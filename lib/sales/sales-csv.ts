import { parse } from "csv-parse/sync";
import { z } from "zod";
import { validationFailed, type FieldError } from "@/lib/errors";
import { isrc } from "@/lib/tracks/fields";

/** At most this many lines in one report (send several reports for more). */
export const MAX_SALES_LINES = 5000;

/** The columns of a sales report, by their header (case, spaces and underscores do not matter). */
const COLUMNS = {
  date: "date",
  isrc: "isrc",
  externaltrackid: "externalTrackId",
  trackid: "trackId",
  store: "store",
  units: "units",
  format: "format",
} as const;
type Column = (typeof COLUMNS)[keyof typeof COLUMNS];

/** Which track a line is about: our track id, else its ISRC, else the client's own track id. */
type TrackKey =
  { by: "trackId"; value: number } | { by: "isrc"; value: string } | { by: "externalTrackId"; value: string };

export type SalesCsvLine = {
  line: number;
  soldOn: string;
  track: TrackKey;
  store: string;
  units: number;
  format: string;
};

const dateRule = z.iso.date("must be a date as YYYY-MM-DD");
const unitsRule = z.coerce
  .number({ error: "must be a whole number of units" })
  .int("must be a whole number of units")
  .min(1, "must be at least 1")
  .max(100_000_000, "must be at most 100000000");
const trackIdRule = z.coerce
  .number({ error: "must be a track id" })
  .int("must be a track id")
  .positive("must be a track id");

const headerKey = (h: string) => h.toLowerCase().replace(/[\s_-]/g, "");

/**
 * Parses a sales report: a header row naming the columns, then one sale per line. Every bad line is reported at
 * once (`lines.N.column`, N counting the header as line 1); nothing is returned unless every line is good.
 */
export function parseSalesCsv(text: string): SalesCsvLine[] {
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, trim: true, relax_column_count: true });
  } catch (e) {
    throw validationFailed([{ path: "", message: `is not valid CSV: ${(e as Error).message}` }]);
  }
  const [header, ...rows] = records;
  if (!header) throw validationFailed([{ path: "", message: "is empty: send a header row and at least one line" }]);
  const at = new Map<Column, number>();
  header.forEach((h, i) => {
    const column = COLUMNS[headerKey(h) as keyof typeof COLUMNS];
    if (column && !at.has(column)) at.set(column, i);
  });
  const missing: string[] = (["date", "store", "units", "format"] as const).filter((c) => !at.has(c));
  if (!at.has("trackId") && !at.has("isrc") && !at.has("externalTrackId"))
    missing.push("isrc, externalTrackId or trackId");
  if (missing.length > 0)
    throw validationFailed([{ path: "lines.1", message: `the header lacks the column ${missing.join(", ")}` }]);
  if (rows.length === 0) throw validationFailed([{ path: "", message: "has no sales lines under its header" }]);
  if (rows.length > MAX_SALES_LINES)
    throw validationFailed([{ path: "", message: `has more than ${MAX_SALES_LINES} lines: split it` }]);

  const errors: FieldError[] = [];
  const lines: SalesCsvLine[] = [];
  rows.forEach((row, i) => {
    const line = i + 2;
    const cell = (c: Column) => {
      const index = at.get(c);
      return index === undefined ? "" : (row[index] ?? "");
    };
    const fail = (c: Column, message: string) => errors.push({ path: `lines.${line}.${c}`, message });
    const check = <T>(c: Column, rule: z.ZodType<T>): T | undefined => {
      const parsed = rule.safeParse(cell(c));
      if (!parsed.success) fail(c, parsed.error.issues[0]?.message ?? "is not valid");
      return parsed.success ? parsed.data : undefined;
    };
    const soldOn = check("date", dateRule);
    const units = check("units", unitsRule);
    const track = trackKey(cell, check, fail);
    const store = cell("store");
    const format = cell("format");
    if (!store) fail("store", "is required");
    if (!format) fail("format", "is required: a format's id or title");
    if (soldOn !== undefined && units !== undefined && track && store && format)
      lines.push({ line, soldOn, track, store, units, format });
  });
  if (errors.length > 0) throw validationFailed(errors);
  return lines;
}

function trackKey(
  cell: (c: Column) => string,
  check: <T>(c: Column, rule: z.ZodType<T>) => T | undefined,
  fail: (c: Column, message: string) => void,
): TrackKey | undefined {
  if (cell("trackId")) {
    const value = check("trackId", trackIdRule);
    return value === undefined ? undefined : { by: "trackId", value };
  }
  if (cell("isrc")) {
    const value = check("isrc", isrc);
    return value ? { by: "isrc", value } : undefined;
  }
  if (cell("externalTrackId")) return { by: "externalTrackId", value: cell("externalTrackId") };
  fail("trackId", "is required: give the track's ISRC, your track id or our track id");
  return undefined;
}
