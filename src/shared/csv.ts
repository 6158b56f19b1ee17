/**
 * RFC 4180 CSV, written once for the BFF's exports (events, audit) and the page's downloads. A
 * text cell starting with = + - @, a tab or a carriage return is prefixed with ' so a spreadsheet
 * shows a site named "=HYPERLINK(…)" as text instead of running it (CSV injection); numbers are
 * written as they are, so -2 stays a number.
 */
export type CsvCell = string | number | null;

/** One row, ended with CRLF. */
export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

function csvCell(value: CsvCell): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
