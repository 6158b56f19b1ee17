import { describe, expect, it } from 'vitest';
import { mayRefetchOnMount, refreshEvery, staleAfter } from './stale-times';

const queryIn = (state: {
  status?: string;
  dataUpdatedAt?: number;
  errorUpdatedAt?: number;
  errorUpdateCount?: number;
}) => ({
  state: { status: 'success', dataUpdatedAt: 0, errorUpdatedAt: 0, errorUpdateCount: 0, ...state },
});

describe('refresh cadence', () => {
  it('keeps each family on its cadence while all is well', () => {
    expect(refreshEvery('alerts')(queryIn({ dataUpdatedAt: 1 }))).toBe(60_000);
    expect(refreshEvery('current')(queryIn({ dataUpdatedAt: 1 }))).toBe(600_000);
    expect(refreshEvery('dailyForecast')(queryIn({ dataUpdatedAt: 1 }))).toBe(1_800_000);
  });

  it('backs off with the length of an outage, up to a ceiling, and recovers at once', () => {
    const lastGood = 1_000_000;
    const failing = (minutesDown: number) =>
      refreshEvery('lightning')(
        queryIn({
          status: 'error',
          dataUpdatedAt: lastGood,
          errorUpdatedAt: lastGood + minutesDown * 60_000,
        }),
      );
    expect([1, 2, 4, 8, 16, 60].map(failing)).toEqual(
      [1, 2, 4, 8, 10, 10].map((minutes) => minutes * 60_000),
    );
    // An error older than the last success is history: back on the cadence.
    expect(
      refreshEvery('lightning')(
        queryIn({ status: 'error', dataUpdatedAt: lastGood, errorUpdatedAt: lastGood - 1 }),
      ),
    ).toBe(60_000);
    // Nothing ever loaded: soon (30 s, doubling), never longer than the cadence.
    const firstLoad = (family: 'alerts' | 'dailyForecast', failures: number) =>
      refreshEvery(family)(
        queryIn({ status: 'error', errorUpdatedAt: lastGood, errorUpdateCount: failures }),
      );
    expect([1, 2, 3].map((failures) => firstLoad('dailyForecast', failures))).toEqual([
      30_000, 60_000, 120_000,
    ]);
    expect(firstLoad('alerts', 5)).toBe(60_000);
    // Recovered: the last success is newer than the error, so back on the cadence at once.
    expect(
      refreshEvery('dailyForecast')(
        queryIn({ status: 'error', dataUpdatedAt: lastGood + 1, errorUpdatedAt: lastGood }),
      ),
    ).toBe(1_800_000);
  });

  it('lets a query coming on screen fetch only outside its backoff', () => {
    const now = Date.now();
    const failing = (sinceError: number) =>
      mayRefetchOnMount('alerts')(
        queryIn({
          status: 'error',
          dataUpdatedAt: now - 10 * 60_000,
          errorUpdatedAt: now - sinceError,
        }),
      );
    // Down for ten minutes: the backoff is ten minutes, so a mount a minute after the error waits.
    expect(failing(60_000)).toBe(false);
    expect(failing(11 * 60_000)).toBe(true);
    expect(mayRefetchOnMount('alerts')(queryIn({ dataUpdatedAt: now }))).toBe(true);
  });

  it('calls data stale once it has missed its refresh', () => {
    expect(staleAfter('lightning')).toBe(150_000);
    expect(staleAfter('current')).toBe(1_230_000);
  });
});
