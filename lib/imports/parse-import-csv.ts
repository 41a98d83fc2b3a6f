import { CsvError, parse } from "csv-parse/sync";
import { validationFailed } from "@/lib/errors";
import { CSV_COLUMN_NAMES, rowFromCells } from "./csv-columns";
import { MAX_CSV_BYTES, MAX_CSV_ROWS } from "./csv-limits";

const known = new Set(CSV_COLUMN_NAMES);
/** XLSX and ODS workbooks are zip files: their text starts with a zip's local-file signature. */
const ZIP_SIGNATURE = "PK\u0003\u0004";

/**
 * A CSV file (UTF-8, a header row naming our columns in any order) as import rows. A file that cannot be read as
 * ours (malformed, an unknown column, too large) is refused whole, as `validation_failed` on `file`.
 */
export function parseImportCsv(text: string): Record<string, unknown>[] {
  const refuse = (message: string) => validationFailed([{ path: "file", message }]);
  if (Buffer.byteLength(text) > MAX_CSV_BYTES) throw refuse(`must be at most ${MAX_CSV_BYTES / 1024 / 1024} MiB`);
  if (text.startsWith(ZIP_SIGNATURE))
    throw refuse('is a spreadsheet workbook (XLSX or ODS), not CSV: save it as "CSV UTF-8" and upload that file');
  let records: Record<string, string>[];
  try {
    records = parse(text, {
      bom: true,
      skip_empty_lines: true,
      columns: (header: string[]) => {
        const names = header.map((h) => h.trim());
        const unknown = names.filter((n) => !known.has(n));
        if (unknown.length > 0)
          throw refuse(
            `unknown column ${unknown.map((n) => `"${n}"`).join(", ")}; the columns are ${CSV_COLUMN_NAMES.join(", ")}`,
          );
        return names;
      },
    });
  } catch (err) {
    if (err instanceof CsvError) throw refuse(`is not a CSV file we can read: ${err.message}`);
    throw err;
  }
  if (records.length === 0) throw refuse("has no rows under its header");
  if (records.length > MAX_CSV_ROWS) throw refuse(`has ${records.length} rows; at most ${MAX_CSV_ROWS} per file`);
  return records.map(rowFromCells);
}
