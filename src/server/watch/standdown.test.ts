import { describe, expect, it } from 'vitest';
import { type LevelChange, standdown } from './standdown';

/**
 * The report's arithmetic on a site in Chicago over the weekend DST began (2026-03-08: clocks
 * go from 02:00 to 03:00, so that day has 23 hours). Times are written in UTC; Chicago is UTC-6
 * before the change and UTC-5 after it.
 */
const timeZone = 'America/Chicago';
const at = (iso: string) => Date.parse(iso);
const change = (iso: string, to: string, rule: string): LevelChange => ({ at: at(iso), to, rule });
const noRules = { lightning: 0, alerts: 0, wind: 0, aqi: 0, heat: 0 };

describe('stand-down minutes from level changes', () => {
  it('splits intervals at local midnights, counts the open one to now, and attributes stops to rules', () => {
    const changes = [
      // Friday 20:00 local, before the period: a lightning stop the period opens in.
      change('2026-03-07T02:00:00Z', 'stop', 'lightning'),
      // Saturday 00:30 local.
      change('2026-03-07T06:30:00Z', 'clear', 'all-clear'),
      // Saturday 23:00 to Sunday 01:00 local: a wind stop across midnight.
      change('2026-03-08T05:00:00Z', 'stop', 'wind'),
      // Sunday 01:00 CST to 04:00 CDT: two real hours of caution across the skipped hour.
      change('2026-03-08T07:00:00Z', 'caution', 'wind'),
      change('2026-03-08T09:00:00Z', 'no_data', 'data'),
      change('2026-03-08T10:00:00Z', 'clear', 'all-clear'),
      // Sunday 12:00 to 12:45 CDT: an alert's stop, then straight to a lightning one.
      change('2026-03-08T17:00:00Z', 'stop', 'alerts'),
      change('2026-03-08T17:45:00Z', 'stop', 'lightning'),
      change('2026-03-08T18:00:00Z', 'watch', 'lightning'),
      // Monday 22:00 CDT: a heat stop still going at 23:30.
      change('2026-03-10T03:00:00Z', 'stop', 'heat'),
    ];
    const report = standdown({
      changes,
      from: '2026-03-07',
      to: '2026-03-09',
      timeZone,
      now: at('2026-03-10T04:30:00Z'),
    });
    expect(report.days).toEqual([
      {
        date: '2026-03-07',
        stop_minutes: 90,
        caution_minutes: 0,
        no_data_minutes: 0,
        by_rule: { ...noRules, lightning: 30, wind: 60 },
      },
      {
        date: '2026-03-08',
        stop_minutes: 120,
        caution_minutes: 120,
        no_data_minutes: 60,
        by_rule: { ...noRules, wind: 60, alerts: 45, lightning: 15 },
      },
      {
        date: '2026-03-09',
        stop_minutes: 90,
        caution_minutes: 0,
        no_data_minutes: 0,
        by_rule: { ...noRules, heat: 90 },
      },
    ]);
    expect(report).toMatchObject({
      // The Friday stop (its part in the period), the wind stop, the alerts-then-lightning stop
      // (one stop, two rules) and the heat stop still open.
      stops: 4,
      stop_minutes: 300,
      caution_minutes: 120,
      no_data_minutes: 60,
      longest_stop_minutes: 120,
      by_rule: { ...noRules, lightning: 45, wind: 120, alerts: 45, heat: 90 },
    });
  });

  it('gives a spring-forward day 23 hours and a fall-back day 25', () => {
    const spring = standdown({
      changes: [change('2026-03-01T00:00:00Z', 'stop', 'lightning')],
      from: '2026-03-07',
      to: '2026-03-09',
      timeZone,
      now: at('2026-04-01T00:00:00Z'),
    });
    expect(spring.days.map((day) => day.stop_minutes)).toEqual([1440, 1380, 1440]);
    expect(spring.longest_stop_minutes).toBe(1440 + 1380 + 1440);

    const fall = standdown({
      changes: [change('2026-10-01T00:00:00Z', 'no_data', 'data')],
      from: '2026-11-01',
      to: '2026-11-01',
      timeZone,
      now: at('2026-12-01T00:00:00Z'),
    });
    expect(fall.days).toEqual([
      {
        date: '2026-11-01',
        stop_minutes: 0,
        caution_minutes: 0,
        no_data_minutes: 1500,
        by_rule: noRules,
      },
    ]);
    expect(fall.stops).toBe(0);
  });

  it('counts nothing after now, nor before a site’s first level, nor after the period', () => {
    const report = standdown({
      changes: [
        change('2026-07-15T12:00:00Z', 'caution', 'lightning'),
        change('2026-07-15T13:00:00Z', 'stop', 'lightning'),
      ],
      from: '2026-07-14',
      to: '2026-07-16',
      timeZone: 'UTC',
      now: at('2026-07-15T13:20:30Z'),
    });
    expect(report.days.map((day) => [day.caution_minutes, day.stop_minutes])).toEqual([
      [0, 0],
      [60, 20.5],
      [0, 0],
    ]);
    // A period that ended before the open stop began counts none of it.
    const earlier = standdown({
      changes: [change('2026-07-10T00:00:00Z', 'stop', 'wind')],
      from: '2026-07-08',
      to: '2026-07-09',
      timeZone: 'UTC',
      now: at('2026-07-15T13:20:30Z'),
    });
    expect(earlier).toMatchObject({ stops: 0, stop_minutes: 0, longest_stop_minutes: 0 });
  });
});
