/** Where a spreadsheet may read a formula: the start of a cell, and the start of any piece a separator begins. */
const FORMULA_START = /(^|[,;\t])([=+\-@\t\r])/g;

/**
 * One CSV cell (RFC 4180). A spreadsheet opened with another separator (`;` or tab, common in Europe) splits a cell
 * we wrote whole, so a formula may begin at the start of the cell or after any `,`, `;` or tab inside it: each such
 * start (=, +, -, @, tab or carriage return) is prefixed with ' so it shows as text. The cell is quoted when it holds
 * any separator, a quote, a line break or the ' we added. Numbers we write (amounts) are passed as numbers and never
 * neutralised.
 */
function csvCell(value: string | number | null): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  const text = value.replace(FORMULA_START, "$1'$2");
  return /[",;\t\r\n']/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A CSV file: a header and rows, CRLF line ends. */
export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  return [header, ...rows].map((r) => r.map(csvCell).join(",")).join("\r\n") + "\r\n";
}
