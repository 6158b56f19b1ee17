import { describe, expect, it } from 'vitest';
import { freshSeconds } from '../../../../shared/api/freshness';
import { outlookQueryOptions } from './outlook-query';

/**
 * A board asks one outlook per site: each must go stale no sooner than the BFF's cache of the
 * daily forecast does, never be asked again on window focus, and be renewed on a bounded timer
 * (a kiosk runs for weeks).
 */
describe('outlookQueryOptions', () => {
  const hourMs = freshSeconds['forecast/daily'] * 1000;

  it('stays fresh as long as the daily forecast in the BFF’s cache, and ignores window focus', () => {
    const options = outlookQueryOptions('site-1');
    expect(hourMs).toBe(60 * 60_000);
    expect(options.staleTime).toBe(hourMs);
    expect(options.refetchOnWindowFocus).toBe(false);
  });

  it('is renewed once per cache period, and a failed one every 15 minutes: never faster', () => {
    const interval = outlookQueryOptions('site-1').refetchInterval as (query: {
      state: { status: string };
    }) => number;
    expect(interval({ state: { status: 'success' } })).toBe(hourMs);
    expect(interval({ state: { status: 'pending' } })).toBe(hourMs);
    expect(interval({ state: { status: 'error' } })).toBe(15 * 60_000);
  });
});
