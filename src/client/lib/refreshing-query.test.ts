import { keepPreviousData, type Query, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshingQuery } from './refreshing-query';
import { type RefreshingFamily, staleTimes } from './stale-times';

const families = Object.keys(staleTimes).filter(
  (family): family is RefreshingFamily => family !== 'config',
);
const queryKey = ['alerts', { lat: '35.78', lon: '-78.64' }] as const;
const queryFn = () => Promise.resolve('answer');

/** An option that is a value or a function of the query, read for this query. */
function read<T, Q>(option: T | ((query: Q) => T), query: Q): T {
  return typeof option === 'function' ? (option as (query: Q) => T)(query) : option;
}

/** The family's options, and a query in the state given as TanStack Query would hand it over. */
function queryIn(family: RefreshingFamily, state: Partial<Query<string>['state']>) {
  const client = new QueryClient();
  const query = client.getQueryCache().build(client, { queryKey, queryFn });
  query.setState(state);
  return { options: refreshingQuery(family, { queryKey, queryFn }), query };
}

describe('refreshingQuery', () => {
  it('gives every family its freshness and a refresh when the screen is shown again', () => {
    for (const family of families) {
      const options = refreshingQuery(family, { queryKey, queryFn });
      expect(options.staleTime, family).toBe(staleTimes[family]);
      expect(options.refetchOnWindowFocus, family).toBe(true);
      expect(options.queryKey, family).toBe(queryKey);
      expect(options.queryFn, family).toBe(queryFn);
    }
  });

  it('refreshes on the family’s cadence while all is well', () => {
    const now = Date.now();
    for (const family of families) {
      const { options, query } = queryIn(family, { status: 'success', dataUpdatedAt: now });
      expect(read(options.refetchInterval, query), family).toBe(staleTimes[family]);
      expect(read(options.refetchOnMount, query), family).toBe(true);
    }
  });

  it('backs off while the server fails, and a query coming on screen keeps to the backoff', () => {
    const lastGood = Date.now() - 4 * 60_000;
    const { options, query } = queryIn('lightning', {
      status: 'error',
      dataUpdatedAt: lastGood,
      errorUpdatedAt: Date.now(),
      errorUpdateCount: 3,
    });
    // Four minutes down: the next try waits four minutes, not the one-minute cadence.
    expect(read(options.refetchInterval, query)).toBe(4 * 60_000);
    expect(read(options.refetchOnMount, query)).toBe(false);
  });

  it('keeps the previous answer on screen only when asked to', () => {
    expect(refreshingQuery('lightning', { queryKey, queryFn })).not.toHaveProperty(
      'placeholderData',
    );
    expect(
      refreshingQuery('lightning', { queryKey, queryFn, keepPreviousAnswer: true }).placeholderData,
    ).toBe(keepPreviousData);
  });

  it('serves a fetched answer from the cache for as long as it is fresh', async () => {
    const client = new QueryClient();
    let calls = 0;
    const options = refreshingQuery('current', {
      queryKey,
      queryFn: () => Promise.resolve(++calls),
    });
    expect(await client.fetchQuery(options)).toBe(1);
    expect(await client.fetchQuery(options)).toBe(1);
    expect(client.getQueryState(queryKey)?.isInvalidated).toBe(false);
    await client.invalidateQueries({ queryKey });
    expect(await client.fetchQuery(options)).toBe(2);
  });
});
