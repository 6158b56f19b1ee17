import { type CsvCell, csvLine } from '../../shared/csv';

/** A column of tabular data: its heading, its raw value for export, its text for people. */
export interface Column<Row> {
  key: string;
  /** Heading with its unit, e.g. "Max temperature (°C)". */
  label: string;
  value: (row: Row) => string | number | null;
  /** How the table shows it; the raw value when absent. */
  format?: (row: Row) => string;
}

/** CSV as the BFF writes it (formulas guarded): a header of labels, then raw values per row. */
export function toCsv<Row>(columns: readonly Column<Row>[], rows: readonly Row[]): string {
  const lines: CsvCell[][] = [columns.map((column) => column.label)];
  for (const row of rows) lines.push(columns.map((column) => column.value(row)));
  return lines.map(csvLine).join('');
}

/** Offers text as a file download, as the browser's own save does. */
export function downloadText(filename: string, text: string, type = 'text/csv'): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on the next turn: Chromium reads the URL after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** A file name that says what and where: `skydeck-daily-raleigh-2026-07-15.csv`. */
export function exportFileName(what: string, place: string, date: string, extension = 'csv') {
  const slug = place
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-');
  return `skydeck-${what}-${slug || 'place'}-${date}.${extension}`;
}
