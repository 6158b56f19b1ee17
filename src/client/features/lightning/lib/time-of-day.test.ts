import { describe, expect, it } from 'vitest';
import { dayClockText, parseDayClock } from '../../../lib/day-clock';
import {
  hourStops,
  strikeMinute,
  strikesUpTo,
  timeOfDayColour,
  timeOfDayColourExpression,
  timeOfDayGradient,
} from './time-of-day';

const strike = (utc: string, local: string) => ({
  properties: { timestamp_utc: utc, timestamp_local: local },
});

describe('time-of-day colours', () => {
  it('gives each stop its own colour, and blends between neighbours', () => {
    for (const stop of hourStops) expect(timeOfDayColour(stop.minute)).toBe(stop.colour);
    // Halfway from 00 (#6e8bff) to 06 (#2ed3c6), channel by channel: 0x4e, 0xaf, 0xe3 (rounded).
    expect(timeOfDayColour(180)).toBe('#4eafe3');
    // A quarter of the way from 12 (#ffe14d) to 18 (#ff8c3a).
    expect(timeOfDayColour(720 + 90)).toBe('#ffcc48');
  });

  it('keeps to the day at either end', () => {
    expect(timeOfDayColour(-30)).toBe(hourStops[0].colour);
    expect(timeOfDayColour(1500)).toBe(hourStops[4].colour);
  });

  it('tells the map and the legend the same stops', () => {
    expect(timeOfDayColourExpression).toEqual([
      'interpolate',
      ['linear'],
      ['get', 'm'],
      0,
      '#6e8bff',
      360,
      '#2ed3c6',
      720,
      '#ffe14d',
      1080,
      '#ff8c3a',
      1440,
      '#ff5fb0',
    ]);
    expect(timeOfDayGradient).toBe(
      'linear-gradient(to right, #6e8bff 0%, #2ed3c6 25%, #ffe14d 50%, #ff8c3a 75%, #ff5fb0 100%)',
    );
  });
});

describe('a strike on the day’s clock', () => {
  // 21:30 UTC is 16:30 in Central Daylight Time, on the same date.
  const late = strike('2026-07-14T21:30:00', '2026-07-14T16:30:00');
  // 02:15 UTC on the 15th is still the evening of the 14th locally.
  const evening = strike('2026-07-15T02:15:00', '2026-07-14T21:15:00');

  it('reads the local stamp for a local day and the UTC stamp for a UTC day', () => {
    expect(strikeMinute(late.properties, { date: '2026-07-14', tz: 'local' })).toBe(16 * 60 + 30);
    expect(strikeMinute(late.properties, { date: '2026-07-14', tz: 'utc' })).toBe(21 * 60 + 30);
    expect(strikeMinute(evening.properties, { date: '2026-07-14', tz: 'local' })).toBe(
      21 * 60 + 15,
    );
  });

  it('keeps the strikes from midnight up to the slider, its own minute included', () => {
    const day = { date: '2026-07-14', tz: 'local' as const };
    expect(strikesUpTo([late, evening], { ...day, until: 1440 })).toEqual([late, evening]);
    expect(strikesUpTo([late, evening], { ...day, until: 16 * 60 + 30 })).toEqual([late]);
    expect(strikesUpTo([late, evening], { ...day, until: 16 * 60 + 29 })).toEqual([]);
  });
});

describe('the slider’s time in a link', () => {
  it('writes minutes as HH:MM and reads them back', () => {
    for (const minutes of [0, 5, 59, 60, 605, 1439, 1440]) {
      expect(parseDayClock(dayClockText(minutes))).toBe(minutes);
    }
    expect(dayClockText(605)).toBe('10:05');
    expect(dayClockText(1440)).toBe('24:00');
  });

  it('rounds to the minute and keeps to the day', () => {
    expect(dayClockText(59.6)).toBe('01:00');
    expect(dayClockText(-5)).toBe('00:00');
    expect(dayClockText(2000)).toBe('24:00');
  });
});
