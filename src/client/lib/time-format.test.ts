import { describe, expect, it } from 'vitest';
import {
  clockIn,
  clockInZone,
  dateTimeIn,
  parseUtcStamp,
  relativeAge,
  utcClockOnLocalDay,
} from './time-format';

describe('time formatting', () => {
  it('parses the provider stamps as UTC', () => {
    expect(parseUtcStamp('2026-11-21 05:00').toISOString()).toBe('2026-11-21T05:00:00.000Z');
    expect(parseUtcStamp('2026-11-21T05:30:15').toISOString()).toBe('2026-11-21T05:30:15.000Z');
  });

  it('places a UTC sunrise on the right local day even when it is the previous UTC date', () => {
    // Tokyo on 21 Nov: sunrise 06:17 JST is 21:17 UTC on 20 Nov.
    const observed = parseUtcStamp('2026-11-21 03:00');
    const sunrise = utcClockOnLocalDay('21:17', observed, 'Asia/Tokyo');
    expect(sunrise.toISOString()).toBe('2026-11-20T21:17:00.000Z');
    expect(clockInZone(sunrise, 'Asia/Tokyo')).toBe('06:17');
  });

  it('places a UTC sunset on the next UTC date for the Americas', () => {
    // Los Angeles on 20 Nov local: sunset 16:46 PST is 00:46 UTC on 21 Nov.
    const observed = parseUtcStamp('2026-11-20 20:00');
    expect(utcClockOnLocalDay('00:46', observed, 'America/Los_Angeles').toISOString()).toBe(
      '2026-11-21T00:46:00.000Z',
    );
  });

  it('says how old a reading is', () => {
    const now = new Date('2026-11-21T12:00:00Z');
    expect(relativeAge(new Date('2026-11-21T11:59:40Z'), now)).toBe('just now');
    expect(relativeAge(new Date('2026-11-21T11:48:00Z'), now)).toBe('12 min ago');
    expect(relativeAge(new Date('2026-11-21T09:30:00Z'), now)).toBe('2 h 30 min ago');
  });
});

describe('times under the Times setting', () => {
  const instant = new Date('2026-07-15T18:20:00Z');
  it("labels every time with its basis: the place's local time or UTC, never the viewer's", () => {
    expect(clockIn(instant, 'local', 'America/Chicago')).toBe('13:20 local');
    expect(clockIn(instant, 'utc', 'America/Chicago')).toBe('18:20 UTC');
    expect(dateTimeIn(instant, 'local', 'Asia/Tokyo')).toBe('Jul 16, 03:20 local');
    expect(dateTimeIn(instant, 'utc', 'Asia/Tokyo')).toBe('Jul 15, 18:20 UTC');
  });
});
