import { describe, expect, it } from 'vitest';
import { type Column, exportFileName, toCsv } from './csv';

interface Row {
  date: string;
  temp: number;
  note: string | null;
}
const columns: Column<Row>[] = [
  { key: 'date', label: 'Date', value: (row) => row.date },
  { key: 'temp', label: 'Temperature (°C)', value: (row) => row.temp },
  { key: 'note', label: 'Note, if any', value: (row) => row.note },
];

describe('CSV export', () => {
  it('writes a header of labels and one line of raw values per row', () => {
    const text = toCsv(columns, [
      { date: '2026-07-15', temp: 31.5, note: null },
      { date: '2026-07-16', temp: -2, note: 'said "cold", then left' },
    ]);
    expect(text.split('\r\n')).toEqual([
      'Date,Temperature (°C),"Note, if any"',
      '2026-07-15,31.5,',
      '2026-07-16,-2,"said ""cold"", then left"',
      '',
    ]);
  });

  it('writes text that a spreadsheet would run as a formula as text, and numbers as numbers', () => {
    const text = toCsv(columns, [
      { date: '2026-07-15', temp: -2, note: '=HYPERLINK("https://example.invalid","x")' },
      { date: '2026-07-16', temp: 1, note: '@SUM(A1)' },
    ]);
    expect(text.split('\r\n')).toEqual([
      'Date,Temperature (°C),"Note, if any"',
      `2026-07-15,-2,"'=HYPERLINK(""https://example.invalid"",""x"")"`,
      "2026-07-16,1,'@SUM(A1)",
      '',
    ]);
  });

  it('names files by what, where and when', () => {
    expect(exportFileName('daily', 'Raleigh, NC, US', '2026-07-15')).toBe(
      'skydeck-daily-raleigh-nc-us-2026-07-15.csv',
    );
    expect(exportFileName('airquality', 'São Paulo', '2026-07-15', 'json')).toBe(
      'skydeck-airquality-sao-paulo-2026-07-15.json',
    );
  });
});
