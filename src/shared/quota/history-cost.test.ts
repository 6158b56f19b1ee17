import { describe, expect, it } from 'vitest';
import { lightningCost, rangeCost, splitRange } from './history-cost';

describe('history costs, by the interface rules', () => {
  it.each([
    // The interface's own examples.
    ['history/hourly', '2024-01-01', '2024-01-31', 30, 3],
    ['history/hourly', '2024-01-01', '2024-01-15', 14, 2],
    ['history/daily', '2025-07-01', '2026-06-30', 364, 25],
    ['history/daily', '2024-01-01', '2024-01-31', 30, 2],
    // Boundaries: 10 days a unit (hourly), 15 (daily), 5 (air quality).
    ['history/hourly', '2024-03-01', '2024-03-11', 10, 1],
    ['history/hourly', '2024-03-01', '2024-03-12', 11, 2],
    ['history/daily', '2024-03-01', '2024-03-16', 15, 1],
    ['history/daily', '2024-03-01', '2024-03-17', 16, 2],
    ['history/airquality', '2024-03-01', '2024-03-06', 5, 1],
    ['history/airquality', '2024-03-01', '2024-03-07', 6, 2],
    // One month and one year, the longest ranges allowed.
    ['history/hourly', '2024-01-01', '2024-02-01', 31, 4],
    ['history/daily', '2024-01-01', '2025-01-01', 366, 25],
    // A range given in hours counts every day it touches.
    ['history/hourly', '2024-03-01:22', '2024-03-02:02', 1, 1],
  ] as const)('%s from %s to %s: %i days, %i units', (endpoint, start, end, days, units) => {
    const cost = rangeCost(endpoint, start, end);
    expect(cost).toMatchObject({ allowed: true, days, units });
    expect(cost.reason).toBe(
      `${days} day${days === 1 ? '' : 's'} at ${endpoint === 'history/hourly' ? 10 : endpoint === 'history/daily' ? 15 : 5} days a unit = ${units} unit${units === 1 ? '' : 's'}`,
    );
  });

  it('refuses a range over the maximum, or out of order, saying why', () => {
    expect(rangeCost('history/hourly', '2024-01-01', '2024-02-02')).toMatchObject({
      allowed: false,
      days: 32,
      reason: 'the range is 32 days; at most one month (31 days) a request',
    });
    expect(rangeCost('history/daily', '2024-01-01', '2025-01-02')).toMatchObject({
      allowed: false,
      days: 367,
    });
    expect(rangeCost('history/daily', '2024-02-01', '2024-01-01')).toMatchObject({
      allowed: false,
      reason: 'end_date must be after start_date',
    });
  });

  it('charges a day of lightning 10 units', () => {
    expect(lightningCost()).toMatchObject({ units: 10, days: 1, allowed: true });
  });
});

describe('splitting a long range into requests', () => {
  it('cuts in whole units within the maximum, each part starting where the last ended', () => {
    // 60 days of hours: 30 + 30 days (3 + 3 units), not 31 + 29 (4 + 3).
    expect(splitRange('history/hourly', '2024-01-01', '2024-03-01')).toEqual([
      { start_date: '2024-01-01', end_date: '2024-01-31', days: 30, units: 3 },
      { start_date: '2024-01-31', end_date: '2024-03-01', days: 30, units: 3 },
    ]);
    // Two years of days: 360 + 360 + 11 days, 49 units (two 366-day parts would cost 50).
    const years = splitRange('history/daily', '2024-01-01', '2026-01-01') ?? [];
    expect(years.map((part) => part.days)).toEqual([360, 360, 11]);
    expect(years.reduce((sum, part) => sum + part.units, 0)).toBe(49);
  });

  it('leaves a range that fits as one part, and keeps hours', () => {
    expect(splitRange('history/daily', '2024-01-01', '2024-01-31')).toEqual([
      { start_date: '2024-01-01', end_date: '2024-01-31', days: 30, units: 2 },
    ]);
    expect(splitRange('history/airquality', '2024-01-01:06', '2024-02-15:06')).toEqual([
      { start_date: '2024-01-01:06', end_date: '2024-01-31:06', days: 30, units: 6 },
      { start_date: '2024-01-31:06', end_date: '2024-02-15:06', days: 15, units: 3 },
    ]);
  });

  it('gives nothing for a range that is not one', () => {
    expect(splitRange('history/hourly', '2024-02-01', '2024-01-01')).toBeUndefined();
    expect(splitRange('history/hourly', 'soon', '2024-01-01')).toBeUndefined();
  });
});
