import { describe, expect, it } from 'vitest';
import { clockTimesIn, watchClock, watchDateTime, zoneName } from './watch-time';

const summer = new Date('2026-07-15T18:20:05Z');

describe('watch times', () => {
  it('reads a time in the site’s zone, labelled with the zone, or in UTC', () => {
    expect(watchClock(summer, 'local', 'America/Chicago')).toBe('13:20 CDT');
    expect(watchClock(summer, 'local', 'America/Sao_Paulo', { seconds: true })).toBe(
      '15:20:05 GMT-3',
    );
    expect(watchClock(summer, 'utc', 'America/Chicago')).toBe('18:20 UTC');
    // A site whose zone is not known yet reads in UTC, and says so.
    expect(watchClock(summer, 'local', null)).toBe('18:20 UTC');
  });

  it('writes a date and time, with the date of the zone', () => {
    expect(watchDateTime(new Date('2026-07-16T02:30:00Z'), 'local', 'America/Chicago')).toBe(
      '2026-07-15 21:30 CDT',
    );
    expect(
      watchDateTime(new Date('2026-07-16T02:30:09Z'), 'utc', 'America/Chicago', { seconds: true }),
    ).toBe('2026-07-16 02:30:09 UTC');
    expect(zoneName(new Date('2026-01-15T12:00:00Z'), 'America/Chicago')).toBe('CST');
  });

  it('reads the UTC clock times in a written text in the site’s zone', () => {
    const reason = 'lightning: strike 6.9 km SW at 18:10:51Z inside the 7 km stop ring';
    expect(clockTimesIn(reason, 'local', 'America/Chicago', summer)).toBe(
      'lightning: strike 6.9 km SW at 13:10:51 CDT inside the 7 km stop ring',
    );
    // An alert that ends after midnight UTC, read late in the UTC day.
    expect(
      clockTimesIn(
        'alert: Severe Thunderstorm Warning until 00:45Z',
        'local',
        'America/Chicago',
        summer,
      ),
    ).toBe('alert: Severe Thunderstorm Warning until 19:45 CDT');
    expect(clockTimesIn(reason, 'utc', 'America/Chicago', summer)).toBe(
      'lightning: strike 6.9 km SW at 18:10:51 UTC inside the 7 km stop ring',
    );
    // The record's findings write their times as "18:10:51 UTC".
    expect(
      clockTimesIn(
        'lightning: strike 6.9 km SW at 18:10:51 UTC inside the 7 km stop ring',
        'local',
        'America/Chicago',
        summer,
      ),
    ).toBe('lightning: strike 6.9 km SW at 13:10:51 CDT inside the 7 km stop ring');
  });
});
