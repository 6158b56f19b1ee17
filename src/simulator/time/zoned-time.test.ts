import { describe, expect, it } from 'vitest';
import { localDay, wallClock, zonedTimeToUnix } from './zoned-time';

/** What Intl says the wall clock reads, the slow way. */
function intlClock(unixSeconds: number, timeZone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(unixSeconds * 1000)
      .filter((part) => part.type !== 'literal')
      .map((part) => [part.type, Number(part.value)]),
  );
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hour: parts.hour,
    minute: parts.minute,
    second: parts.second,
  };
}

const zones = [
  'America/New_York',
  'Europe/London',
  'Australia/Lord_Howe', // half-hour daylight saving
  'America/St_Johns', // half-hour offset
  'Asia/Kathmandu', // quarter-hour offset
  'Pacific/Apia', // skipped 30 December 2011 entirely
  'Pacific/Chatham',
  'Asia/Tokyo',
];

describe('wallClock', () => {
  it.each(zones)('agrees with Intl every 61 minutes through a year in %s', (zone) => {
    const start = Date.parse('2025-12-25T00:00:00Z') / 1000;
    for (let t = start; t < start + 366 * 86_400; t += 61 * 60 + 13) {
      expect(wallClock(t, zone), `${zone} at ${new Date(t * 1000).toISOString()}`).toEqual(
        intlClock(t, zone),
      );
    }
  });

  it('agrees with Intl to the second across a daylight-saving change', () => {
    const change = Date.parse('2026-03-08T07:00:00Z') / 1000; // 02:00 EST becomes 03:00 EDT
    for (let t = change - 5; t <= change + 5; t++) {
      expect(wallClock(t, 'America/New_York')).toEqual(intlClock(t, 'America/New_York'));
    }
  });

  it('handles the day Samoa skipped', () => {
    expect(wallClock(Date.parse('2011-12-30T10:00:00Z') / 1000, 'Pacific/Apia')).toEqual(
      intlClock(Date.parse('2011-12-30T10:00:00Z') / 1000, 'Pacific/Apia'),
    );
  });
});

describe('local days', () => {
  it('are 23 and 25 hours long across daylight-saving changes', () => {
    const spring = localDay(Date.parse('2026-03-08T12:00:00Z') / 1000, 'America/New_York');
    const autumn = localDay(Date.parse('2026-11-01T12:00:00Z') / 1000, 'America/New_York');
    expect(spring.end - spring.start).toBe(23 * 3600);
    expect(autumn.end - autumn.start).toBe(25 * 3600);
  });

  it('start at local midnight', () => {
    const day = localDay(Date.parse('2026-07-15T18:20:00Z') / 1000, 'Asia/Kolkata', 1);
    expect(day.date).toBe('2026-07-16');
    expect(new Date(day.start * 1000).toISOString()).toBe('2026-07-15T18:30:00.000Z');
    expect(zonedTimeToUnix(2026, 7, 16, 0, 'Asia/Kolkata')).toBe(day.start);
  });
});
