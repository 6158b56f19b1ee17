/**
 * Calendar days as people somewhere live them: a date's first instant in a zone, the date at an
 * instant, days on from a date. Stand-down reports count a site's hours by these days.
 */

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date in `tz` at `atMs`, "YYYY-MM-DD". */
export function localDate(tz: string, atMs: number): string {
  let format = dateFormats.get(tz);
  if (!format) {
    // Cached: building a formatter costs far more than using one, and a report asks thousands of times.
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dateFormats.set(tz, format);
  }
  const parts = format.formatToParts(atMs);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** A real "YYYY-MM-DD" date: 2026-02-30 is not one. */
export function isCalendarDate(text: string): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(text) && new Date(`${text}T00:00:00Z`).toISOString().startsWith(text)
  );
}

/** The date `days` after a "YYYY-MM-DD" date (before, when negative), on the calendar alone. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The first instant of a calendar date in `tz` (epoch ms): its midnight, or the first minute
 * after it where a DST change skips midnight. Searched for, minute by minute in halves, within
 * the 14 hours either side of UTC's midnight that zones differ by, since a zone's offset on a
 * given day is only known by asking.
 */
export function startOfLocalDay(tz: string, date: string): number {
  const span = 15 * 60;
  const earliest = Date.parse(`${date}T00:00:00Z`) - span * 60_000;
  let low = 0;
  let high = 2 * span;
  while (low < high) {
    const mid = Math.floor((low + high) / 2);
    if (localDate(tz, earliest + mid * 60_000) >= date) high = mid;
    else low = mid + 1;
  }
  return earliest + low * 60_000;
}
