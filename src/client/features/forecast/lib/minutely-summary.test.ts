import { describe, expect, it } from 'vitest';
import { type MinutePoint, minutelySummary } from './minutely-summary';

const start = Date.parse('2026-07-15T18:20:00Z') / 1000;

/** Sixty minutes from `start`, local stamps four hours behind UTC, rates from `rate(minute)`. */
function hour(rate: (minute: number) => { precip: number; snow?: number }): MinutePoint[] {
  return Array.from({ length: 60 }, (_, minute) => {
    const ts = start + minute * 60;
    const local = new Date((ts - 4 * 3600) * 1000).toISOString().slice(0, 19);
    const { precip, snow = 0 } = rate(minute);
    return { ts, stamp: local, precip, snow };
  });
}

describe('the next hour in one line', () => {
  it('says when it stays dry, ignoring traces below what the radar would show', () => {
    expect(
      minutelySummary(
        hour(() => ({ precip: 0.05 })),
        start,
        'M',
      ),
    ).toBe('No precipitation in the next hour');
  });

  it('says when rain starts and when it is heaviest, in the basis shown', () => {
    const points = hour((minute) => ({ precip: minute < 12 ? 0 : minute === 30 ? 9 : 2 }));
    expect(minutelySummary(points, start, 'M')).toBe('Rain starting in 12 min, heaviest at 14:50');
  });

  it('counts minutes from now, not from the first point', () => {
    const points = hour((minute) => ({ precip: minute >= 20 ? 1 : 0 }));
    expect(minutelySummary(points, start + 5 * 60, 'M')).toMatch(/^Rain starting in 15 min/);
  });

  it('tells snow from rain, and a mix from either', () => {
    expect(
      minutelySummary(
        hour((m) => ({ precip: m > 5 ? 1 : 0, snow: 1 })),
        start,
        'M',
      ),
    ).toMatch(/^Snow starting in 6 min/);
    const mixed = hour((m) => ({ precip: m > 5 ? 1 : 0, snow: m > 30 ? 1 : 0 }));
    expect(minutelySummary(mixed, start, 'M')).toMatch(/^Rain and snow starting in 6 min/);
  });

  it('says when falling precipitation stops, or that it lasts the hour', () => {
    expect(
      minutelySummary(
        hour((m) => ({ precip: m < 20 ? 3 : 0 })),
        start,
        'M',
      ),
    ).toBe('Rain stopping in 20 min, heaviest at 14:20');
    expect(
      minutelySummary(
        hour((m) => ({ precip: 1 + m / 100 })),
        start,
        'M',
      ),
    ).toBe('Rain for the next hour, heaviest at 15:19');
  });

  it('reads only the minutes still ahead when the data is a refresh behind', () => {
    // Rain in the first ten minutes, which are past by now: the hour ahead is dry.
    const points = hour((minute) => ({ precip: minute < 10 ? 4 : 0 }));
    expect(minutelySummary(points, start + 15 * 60, 'M')).toBe('No precipitation in the next hour');
    expect(minutelySummary(points, start + 2 * 3600, 'M')).toBe(
      'No forecast for the coming minutes yet',
    );
  });

  it('judges imperial rates against an imperial threshold', () => {
    expect(
      minutelySummary(
        hour(() => ({ precip: 0.003 })),
        start,
        'I',
      ),
    ).toBe('No precipitation in the next hour');
    expect(
      minutelySummary(
        hour(() => ({ precip: 0.01 })),
        start,
        'I',
      ),
    ).toMatch(/^Rain for the next hour/);
  });
});
