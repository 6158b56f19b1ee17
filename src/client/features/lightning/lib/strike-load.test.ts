import { describe, expect, it } from 'vitest';
import {
  nearestText,
  notLoadedText,
  strikeLoad,
  strikeSpan,
  strikeSummary,
  type StrikeLoad,
} from './strike-load';

const history = {
  mode: 'history' as const,
  answered: false,
  fetching: false,
  error: null,
  cost: undefined,
  fallbackUnits: 10,
  costFailed: false,
};
const day = { date: '2026-07-14', tz: 'utc' as const, until: 1440 };
const nearest = { distance: 6.94, cardinal: 'NW', bearing: 312 };

describe('where the strikes stand', () => {
  it('follows a day that costs: priced, unpaid, loading, loaded', () => {
    expect(strikeLoad(history)).toEqual({ kind: 'pricing' });
    const priced = { ...history, cost: { units: 10, cached: false } };
    expect(strikeLoad(priced)).toEqual({ kind: 'unpaid', units: 10 });
    expect(strikeLoad({ ...priced, fetching: true })).toEqual({ kind: 'loading' });
    expect(strikeLoad({ ...priced, answered: true })).toEqual({ kind: 'loaded' });
  });

  it('loads a cached day without asking', () => {
    expect(strikeLoad({ ...history, cost: { units: 10, cached: true } })).toEqual({
      kind: 'loading',
    });
  });

  it('states the contract’s price when the cost could not be asked', () => {
    expect(strikeLoad({ ...history, costFailed: true })).toEqual({ kind: 'unpaid', units: 10 });
  });

  it('reports a failure only while nothing is on its way', () => {
    const error = new Error('The weather provider could not be reached');
    expect(strikeLoad({ ...history, error })).toEqual({ kind: 'failed', message: error.message });
    expect(strikeLoad({ ...history, error, fetching: true })).toEqual({ kind: 'loading' });
  });

  it('treats live data as on its way until it answers', () => {
    const live = { ...history, mode: 'live' as const };
    expect(strikeLoad(live)).toEqual({ kind: 'loading' });
    expect(strikeLoad({ ...live, answered: true })).toEqual({ kind: 'loaded' });
  });
});

describe('what the views say', () => {
  const scope = { day, searchKm: 20, units: 'M' as const, span: strikeSpan(day, null) };

  it('never says "no lightning" before the day is loaded', () => {
    const waiting: [StrikeLoad, string][] = [
      [{ kind: 'pricing' }, 'Lightning of 2026-07-14 not loaded yet; working out what it costs…'],
      [
        { kind: 'unpaid', units: 10 },
        'Lightning of 2026-07-14 not loaded yet: loading it costs 10 quota units',
      ],
      [{ kind: 'loading' }, 'Loading lightning of 2026-07-14…'],
      [
        { kind: 'failed', message: 'Quota used up' },
        'Lightning of 2026-07-14 unavailable: Quota used up',
      ],
    ];
    for (const [load, text] of waiting) {
      expect(strikeSummary(load, scope, { count: 0 })).toBe(text);
      expect(nearestText(load, scope, undefined)).toBe(text);
    }
  });

  it('counts only once the answer is in', () => {
    const loaded: StrikeLoad = { kind: 'loaded' };
    expect(notLoadedText(loaded, day)).toBeUndefined();
    expect(strikeSummary(loaded, scope, { count: 0 })).toBe(
      'No lightning within 20 km on 2026-07-14',
    );
    expect(nearestText(loaded, scope, undefined)).toBe('No lightning within 20 km on 2026-07-14');
    expect(strikeSummary(loaded, scope, { count: 1, nearest })).toBe(
      '1 strike within 20 km on 2026-07-14; nearest 6.9 km to the NW (312°)',
    );
    expect(strikeSummary(loaded, scope, { count: 42, nearest })).toMatch(/^42 strikes within/);
    expect(nearestText(loaded, scope, nearest)).toBe('Nearest: 6.9 km NW (312°)');
  });

  it('says how far into the day a count goes, and the live window', () => {
    expect(strikeSpan({ ...day, until: 870 }, null)).toBe('on 2026-07-14 by 14:30 UTC');
    expect(strikeSpan({ ...day, tz: 'local', until: 0 }, null)).toBe(
      'on 2026-07-14 by 00:00 local',
    );
    expect(strikeSpan(undefined, 30)).toBe('in the last 30 minutes');
    expect(notLoadedText({ kind: 'loading' }, undefined)).toBe('Loading lightning…');
  });
});
