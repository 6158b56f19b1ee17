import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../../lib/query-keys';
import type { PlannedRequest } from '../lib/history-plan';
import { historyQueryOptions, historySpendOptions } from './history-query';

// A year and two months of days: over a year, so two requests (360 days, then 64).
const place = { lat: '35.78', lon: '-78.64', units: 'M' } as const;
const request: PlannedRequest = {
  endpoint: 'history/daily',
  parts: [
    {
      params: { ...place, start_date: '2025-01-01', end_date: '2025-12-27' },
      units: 24,
      days: 360,
    },
    { params: { ...place, start_date: '2025-12-27', end_date: '2026-03-01' }, units: 5, days: 64 },
  ],
  units: 29,
  reason: '2 requests: 360 days (24 units) + 64 days (5 units) = 29 units',
};

/** The BFF, answering "no data" (204) with the cache result given, or refusing with `status`. */
function stubBff(answer: { cache?: string; status?: number } = {}) {
  const asked: URL[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    asked.push(new URL(url, 'http://skydeck.test'));
    return Promise.resolve(
      answer.status
        ? new Response(JSON.stringify({ error: 'Quota exhausted' }), { status: answer.status })
        : new Response(null, { status: 204, headers: { 'x-cache': answer.cache ?? 'MISS' } }),
    );
  });
  return asked;
}

function spender() {
  const client = new QueryClient();
  client.setQueryData(queryKeys.quota(), { spent: 0 });
  return { client, spend: new MutationObserver(client, historySpendOptions(client)) };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('spending on history', () => {
  it('asks for every part with the cost agreed to, and leaves the answer where the explorer reads it', async () => {
    const asked = stubBff();
    const { client, spend } = spender();
    const result = await spend.mutate(request);

    expect(asked.map((url) => url.searchParams.get('confirm_units'))).toEqual(
      request.parts.map((part) => String(part.units)),
    );
    expect(result.unitsSpent).toBe(request.units);
    expect(client.getQueryData(historyQueryOptions(request).queryKey)).toBe(result);
    // Today's total changed: the quota is asked again.
    expect(client.getQueryState(queryKeys.quota())?.isInvalidated).toBe(true);
  });

  it('does not buy again an answer it already holds', async () => {
    const asked = stubBff();
    const { spend } = spender();
    const first = await spend.mutate(request);
    expect(await spend.mutate(request)).toBe(first);
    expect(asked).toHaveLength(2);
  });

  it('stops at a refusal before spending on the next part, and keeps nothing', async () => {
    const asked = stubBff({ status: 429 });
    const { client, spend } = spender();
    await expect(spend.mutate(request)).rejects.toThrow('Quota exhausted');
    expect(asked).toHaveLength(1);
    expect(client.getQueryData(historyQueryOptions(request).queryKey)).toBeUndefined();
  });

  it('reads a cached answer without confirm_units, so an expired cache is refused, not spent', async () => {
    const asked = stubBff({ cache: 'HIT' });
    const client = new QueryClient();
    const result = await client.fetchQuery(historyQueryOptions(request));
    expect(asked.map((url) => url.searchParams.has('confirm_units'))).toEqual([false, false]);
    expect(result.unitsSpent).toBe(0);
  });
});
