// RFC 4180 CSV for downloads opened in spreadsheets: quoting, CRLF rows, and no cell a spreadsheet would run as a formula.
export type CsvValue = string | number | boolean | null | undefined;

/** Text a spreadsheet reads as a formula (or as DDE) when it starts a cell (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One cell. Numbers stay numbers (a negative R is a value, not a formula); text starting with = + - @ tab or CR gets a
 * leading apostrophe so it shows as text; a cell with a comma, quote or line break is quoted, its quotes doubled.
 */
export function csvCell(v: CsvValue): string {
  if (v === null || v === undefined) return "";
  if (typeof v === "number") return Number.isFinite(v) ? String(v) : "";
  if (typeof v === "boolean") return v ? "true" : "false";
  const text = FORMULA_START.test(v) ? `'${v}` : v;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows as CRLF-terminated lines (a streamed file sends them a batch at a time). */
export const csvLines = (rows: readonly (readonly CsvValue[])[]): string => rows.map((r) => `${r.map(csvCell).join(",")}\r\n`).join("");

/** Header and rows, CRLF-terminated lines. */
export function toCsv(header: readonly string[], rows: readonly CsvValue[][]): string {
  return csvLines([header, ...rows]);
}
