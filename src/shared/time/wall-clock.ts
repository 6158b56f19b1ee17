import { z } from 'zod';

/**
 * Wall-clock times in a named zone, as people there read them: channels' quiet hours and sites'
 * activity windows are both written this way and checked by these same rules.
 */

const clockPattern = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** "HH:MM", 24-hour, 00:00 to 23:59. */
export const clockSchema = z.string({ error: 'must be text' }).regex(clockPattern, {
  error: 'must be a 24-hour time HH:MM, like 22:00',
});

export function isTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

/** An IANA zone the runtime knows, at most `max` characters. */
export const timeZoneSchema = (max: number) =>
  z
    .string({ error: 'must be text' })
    .max(max, { error: `must be at most ${max} characters` })
    .refine(isTimeZone, { error: 'must be an IANA time zone, like Europe/Berlin or UTC' });

/** Minutes after midnight of a valid "HH:MM". */
export function minutesOf(clock: string): number {
  const [, h, m] = clockPattern.exec(clock) ?? [];
  return Number(h) * 60 + Number(m);
}

export const weekdays = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type Weekday = (typeof weekdays)[number];

/**
 * The wall clock in `tz` at `atMs`: its weekday and minutes after midnight there (so a DST
 * change moves the instants a window covers, never its hours).
 */
export function wallClock(tz: string, atMs: number): { day: Weekday; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: tz,
    weekday: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(atMs);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    day: part('weekday').toLowerCase().slice(0, 3) as Weekday,
    minutes: Number(part('hour')) * 60 + Number(part('minute')),
  };
}

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
