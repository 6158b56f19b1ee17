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
