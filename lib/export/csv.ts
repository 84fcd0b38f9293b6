// CSV building shared by the transcript and feedback exports.

/** Excel reads a file as UTF-8 only when it starts with a byte-order mark. */
export const BYTE_ORDER_MARK = "\uFEFF";

// A spreadsheet runs a cell that starts with one of these as a formula (CSV injection).
const FORMULA_TRIGGERS = /^[=+\-@\t\r]/;

/** Collapses every run of line breaks (and the spaces around them) into one space. */
export function collapseLineBreaks(text: string): string {
  return text.replace(/\s*[\r\n]+\s*/g, " ").trim();
}

/**
 * One quoted CSV cell: inner quotes doubled, and a value a spreadsheet would run as a formula
 * prefixed with an apostrophe so it shows as text.
 */
export function csvCell(value: unknown): string {
  const text = value === null || value === undefined ? "" : String(value);
  const safe = FORMULA_TRIGGERS.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** One CSV line of cells, ended by CRLF (RFC 4180). */
export function csvLine(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/** A whole CSV document: BOM, a header row, then the rows, each line ended by CRLF (RFC 4180). */
export function buildCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return `${BYTE_ORDER_MARK}${[header, ...rows].map(csvLine).join("")}`;
}
