import { describe, expect, it } from 'vitest';
import { clockLabel, dayClockLabel, dayLabel, stampOf } from './period-labels';

describe('period labels', () => {
  it('names the weekday of the date itself, whatever the reader’s zone', () => {
    expect(dayLabel('2026-07-15')).toBe('Wed 15');
    expect(dayLabel('2026-12-31')).toBe('Thu 31');
    expect(dayLabel('2024-02-29')).toBe('Thu 29');
  });

  it('reads clocks from the stamp of the chosen basis', () => {
    const point = { timestamp_local: '2026-07-15T14:32:00', timestamp_utc: '2026-07-15T18:32:00' };
    expect(clockLabel(stampOf(point, 'local'))).toBe('14:32');
    expect(clockLabel(stampOf(point, 'utc'))).toBe('18:32');
    expect(dayClockLabel(stampOf(point, 'utc'))).toBe('Wed 15 18:32');
  });
});
