import { describe, expect, it } from 'vitest';
import { scheduleSchema } from '../../shared/api/watch';
import type { StatusLevel } from '../../shared/safety/site-policy';
import type { Finding } from '../../shared/safety/site-status';
import { offHoursMark, offHoursMarks, openSince, type Schedule, scheduleOpen } from './schedule';

/* The window arithmetic on a fake clock: every instant is given, never read. */

const at = (iso: string) => Date.parse(iso);
const schedule = (body: unknown): Schedule => scheduleSchema.parse(body);

const weekdays = schedule({
  windows: [{ days: ['mon', 'tue', 'wed', 'thu', 'fri'], from: '07:00', to: '18:00' }],
});

const alert = (severity: 'Advisory' | 'Watch' | 'Warning'): Finding => ({
  rule: 'alerts',
  level: 'stop',
  measure: {
    kind: 'alert',
    title: `Tornado ${severity}`,
    severity,
    until: at('2026-07-16T00:00Z'),
  },
  reason: `alerts: Tornado ${severity}`,
});

describe('scheduleOpen', () => {
  it('is always open without a schedule', () => {
    expect(scheduleOpen(null, 'UTC', at('2026-07-15T03:00Z'))).toBe(true);
  });

  it("reads the day boundary on the site's own wall clock", () => {
    // 2026-07-17 is a Friday; 23:30 UTC Friday is 19:30 Friday in New York, 01:30 Saturday in Berlin.
    const late = schedule({ windows: [{ days: ['fri'], from: '19:00', to: '23:59' }] });
    expect(scheduleOpen(late, 'America/New_York', at('2026-07-17T23:30Z'))).toBe(true);
    expect(scheduleOpen(late, 'Europe/Berlin', at('2026-07-17T23:30Z'))).toBe(false);
    // Friday 08:00 in Berlin is Friday 06:00 UTC; Saturday 01:00 in Sydney is Friday 15:00 UTC.
    expect(scheduleOpen(weekdays, 'Europe/Berlin', at('2026-07-17T06:00Z'))).toBe(true);
    expect(scheduleOpen(weekdays, 'Australia/Sydney', at('2026-07-17T15:00Z'))).toBe(false);
  });

  it("prefers the schedule's own zone to the site's", () => {
    const berlin = schedule({ ...weekdays, timezone: 'Europe/Berlin' });
    // Monday 06:30 UTC: 08:30 in Berlin (open), 02:30 in New York (closed).
    expect(scheduleOpen(berlin, 'America/New_York', at('2026-07-13T06:30Z'))).toBe(true);
    expect(scheduleOpen(weekdays, 'America/New_York', at('2026-07-13T06:30Z'))).toBe(false);
  });

  it('carries a window past midnight into the next morning, from the day it starts on', () => {
    const night = schedule({ windows: [{ days: ['fri'], from: '22:00', to: '06:00' }] });
    expect(scheduleOpen(night, 'UTC', at('2026-07-17T21:59Z'))).toBe(false);
    expect(scheduleOpen(night, 'UTC', at('2026-07-17T22:00Z'))).toBe(true);
    // Saturday before six: still Friday's night shift.
    expect(scheduleOpen(night, 'UTC', at('2026-07-18T05:59Z'))).toBe(true);
    expect(scheduleOpen(night, 'UTC', at('2026-07-18T06:00Z'))).toBe(false);
    // Saturday night is not a window; Friday early morning belongs to Thursday, not named.
    expect(scheduleOpen(night, 'UTC', at('2026-07-18T23:00Z'))).toBe(false);
    expect(scheduleOpen(night, 'UTC', at('2026-07-17T03:00Z'))).toBe(false);
  });

  it('keeps the hours across DST changes (New York, March and November 2026)', () => {
    const ny = 'America/New_York';
    // Sunday 8 March: clocks go forward at 02:00; 07:00 EDT is 11:00 UTC (12:00 on EST).
    const sunday = schedule({ windows: [{ days: ['sun'], from: '07:00', to: '18:00' }] });
    expect(scheduleOpen(sunday, ny, at('2026-03-08T10:59Z'))).toBe(false);
    expect(scheduleOpen(sunday, ny, at('2026-03-08T11:00Z'))).toBe(true);
    // 18:00 EDT is 22:00 UTC.
    expect(scheduleOpen(sunday, ny, at('2026-03-08T21:59Z'))).toBe(true);
    expect(scheduleOpen(sunday, ny, at('2026-03-08T22:00Z'))).toBe(false);
    // Sunday 1 November: back to EST; 07:00 EST is 12:00 UTC.
    expect(scheduleOpen(sunday, ny, at('2026-11-01T11:59Z'))).toBe(false);
    expect(scheduleOpen(sunday, ny, at('2026-11-01T12:00Z'))).toBe(true);
    // A night window across the change: Saturday 22:00 EDT to Sunday 06:00 EST, nine hours.
    const night = schedule({ windows: [{ days: ['sat'], from: '22:00', to: '06:00' }] });
    expect(scheduleOpen(night, ny, at('2026-11-01T01:59Z'))).toBe(false);
    expect(scheduleOpen(night, ny, at('2026-11-01T02:00Z'))).toBe(true);
    expect(scheduleOpen(night, ny, at('2026-11-01T10:59Z'))).toBe(true);
    expect(scheduleOpen(night, ny, at('2026-11-01T11:00Z'))).toBe(false);
  });

  it('keeps the hours across DST in Berlin (29 March 2026)', () => {
    const sunday = schedule({ windows: [{ days: ['sun'], from: '08:00', to: '12:00' }] });
    // 08:00 CEST is 06:00 UTC that day; a week before (CET) it was 07:00 UTC.
    expect(scheduleOpen(sunday, 'Europe/Berlin', at('2026-03-29T06:00Z'))).toBe(true);
    expect(scheduleOpen(sunday, 'Europe/Berlin', at('2026-03-22T06:00Z'))).toBe(false);
    expect(scheduleOpen(sunday, 'Europe/Berlin', at('2026-03-22T07:00Z'))).toBe(true);
  });

  it('stays open while the zone is not known: a guess never silences an alarm', () => {
    expect(scheduleOpen(weekdays, undefined, at('2026-07-18T03:00Z'))).toBe(true);
  });
});

describe('offHoursMark', () => {
  const sunday3am = at('2026-07-19T03:00Z');

  it('alarms off hours for a Warning (the default `always`) but not an Advisory', () => {
    expect(offHoursMark(weekdays, 'UTC', sunday3am, [alert('Warning')])).toBe(
      offHoursMarks.alarmed,
    );
    expect(offHoursMark(weekdays, 'UTC', sunday3am, [alert('Advisory')])).toBe(
      offHoursMarks.silent,
    );
    expect(offHoursMark(weekdays, 'UTC', sunday3am, [])).toBe(offHoursMarks.silent);
    // Inside the window everything is told as ever.
    expect(offHoursMark(weekdays, 'UTC', at('2026-07-15T12:00Z'), [])).toBe(offHoursMarks.inHours);
  });

  it('tells whoever a Warning woke how it eases, down to the all-clear, and nobody else', () => {
    const mark = (
      from: StatusLevel,
      to: StatusLevel,
      previous: (typeof offHoursMarks)[keyof typeof offHoursMarks],
    ) => offHoursMark(weekdays, 'UTC', sunday3am, [], { from, to, previous });
    expect(mark('stop', 'clear', offHoursMarks.alarmed)).toBe(offHoursMarks.alarmed);
    expect(mark('stop', 'caution', offHoursMarks.alarmed)).toBe(offHoursMarks.alarmed);
    // A change that was not told, or a rise, or a loss of data: held as ever.
    expect(mark('stop', 'clear', offHoursMarks.silent)).toBe(offHoursMarks.silent);
    expect(mark('clear', 'caution', offHoursMarks.alarmed)).toBe(offHoursMarks.silent);
    expect(mark('stop', 'no_data', offHoursMarks.alarmed)).toBe(offHoursMarks.silent);
  });

  it('follows the schedule’s own list', () => {
    const none = schedule({ ...weekdays, always: [] });
    const watches = schedule({ ...weekdays, always: ['Watch', 'Warning'] });
    expect(offHoursMark(none, 'UTC', sunday3am, [alert('Warning')])).toBe(offHoursMarks.silent);
    expect(offHoursMark(watches, 'UTC', sunday3am, [alert('Watch')])).toBe(offHoursMarks.alarmed);
  });
});

describe('scheduleSchema', () => {
  const refusal = (body: unknown) => {
    const result = scheduleSchema.safeParse(body);
    return result.success
      ? 'accepted'
      : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  };
  const window = { days: ['mon'], from: '07:00', to: '18:00' };

  it('defaults the zone to the site’s and `always` to Warning', () => {
    expect(scheduleSchema.parse({ windows: [window] })).toEqual({
      timezone: null,
      windows: [window],
      always: ['Warning'],
    });
  });

  it('names the field and the rule it breaks', () => {
    expect(refusal({ windows: [{ ...window, from: '24:00' }] })).toEqual([
      'windows.0.from: must be a 24-hour time HH:MM, like 22:00',
    ]);
    expect(refusal({ windows: [{ ...window, to: '07:00' }] })).toEqual([
      'windows.0.to: must end at another time than it starts',
    ]);
    expect(refusal({ windows: [{ ...window, days: ['monday'] }] })).toEqual([
      'windows.0.days.0: must be one of mon, tue, wed, thu, fri, sat, sun',
    ]);
    expect(refusal({ windows: [{ ...window, days: [] }] })).toEqual([
      'windows.0.days: must name at least one day',
    ]);
    expect(refusal({ windows: Array.from({ length: 15 }, () => window) })).toEqual([
      'windows: must have at most 14 windows',
    ]);
    expect(refusal({ windows: [window], timezone: 'Mars/Olympus' })).toEqual([
      'timezone: must be an IANA time zone, like Europe/Berlin or UTC',
    ]);
    expect(refusal({ windows: [window], always: ['Severe'] })).toEqual([
      'always.0: must be one of Advisory, Watch, Warning',
    ]);
  });
});

describe('openSince', () => {
  const chicagoDays = schedule({
    timezone: 'America/Chicago',
    windows: [{ days: ['wed'], from: '13:25', to: '14:00' }],
  });
  const opening = at('2026-07-15T18:25Z');

  it('finds when the window opened, to the minute, within what it may look back on', () => {
    const now = at('2026-07-15T18:36:30Z');
    expect(openSince(chicagoDays, undefined, now, at('2026-07-15T00:00Z'))).toBe(opening);
    // The change came after the opening: the change is the start.
    expect(openSince(chicagoDays, undefined, now, at('2026-07-15T18:30:10Z'))).toBe(
      at('2026-07-15T18:30:10Z'),
    );
    // Closed now: not open since any time.
    expect(openSince(chicagoDays, undefined, at('2026-07-15T19:00Z'), 0)).toBeUndefined();
    // No schedule: open all along.
    expect(openSince(null, 'UTC', now, at('2026-07-15T10:00Z'))).toBe(at('2026-07-15T10:00Z'));
  });

  it('follows a window across midnight into the next day', () => {
    const nights = schedule({
      timezone: 'UTC',
      windows: [{ days: ['tue'], from: '22:00', to: '06:00' }],
    });
    expect(openSince(nights, undefined, at('2026-07-15T01:10Z'), at('2026-07-14T00:00Z'))).toBe(
      at('2026-07-14T22:00Z'),
    );
  });
});
