import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { SiteStatusJson } from '../../../../shared/api/watch-answers';
import {
  type Board,
  boardRefetcher,
  pollingDelayMs,
  reconnectDelayMs,
  streamUrl,
  withoutSite,
  withSite,
  withStatus,
} from './stream-cache';
import { testSite } from './test-sites';

const spend = {
  units_per_day: 100,
  lightning: 60,
  alerts: 30,
  current: 10,
  searches: 1,
  limit: 5000,
  limit_source: 'the Business plan',
};

const stop: SiteStatusJson = {
  level: 'stop',
  reasons: ['lightning: strike 7.7 km W at 18:16:30 UTC inside the 12.9 km stop ring'],
  findings: [],
  conditions: null,
  since: '2026-07-15T18:20:00.000Z',
  all_clear_at: '2026-07-15T18:46:30.000Z',
  data_age_s: 0,
  data_age_feed: 'lightning',
  last_level: null,
  storm: null,
  off_hours: false,
  station: null,
};

const board = (): Board => ({ sites: [testSite('a', 'Yard'), testSite('b', 'Depot')], spend });
const later = Date.parse('2026-07-15T18:21:00Z');

describe('withStatus', () => {
  it('writes a site’s new status and when it arrived, and leaves the other sites as they were', () => {
    const before = board();
    const { board: after, known } = withStatus(before, { site_id: 'b', status: stop }, later);
    expect(known).toBe(true);
    expect(after?.sites[1]?.status).toEqual(stop);
    expect(after?.sites[1]?.received_at).toBe(later);
    expect(after?.sites[0]).toBe(before.sites[0]);
    // The cache's old value is not changed under its readers.
    expect(before.sites[1]?.status.level).toBe('clear');
    expect(after?.spend).toBe(spend);
  });

  it('reports a site the board does not know, and changes nothing', () => {
    const before = board();
    const result = withStatus(before, { site_id: 'new', status: stop }, later);
    expect(result.known).toBe(false);
    expect(result.board).toBe(before);
  });

  it('waits for the first fetch when there is no board yet', () => {
    expect(withStatus(undefined, { site_id: 'a', status: stop }, later)).toEqual({
      board: undefined,
      known: false,
    });
  });
});

describe('withSite and withoutSite', () => {
  it('adds a new site, replaces a saved one, and removes a deleted one', () => {
    const added = withSite(board(), testSite('c', 'Crane'), later);
    expect(added.sites.map((site) => site.id)).toEqual(['a', 'b', 'c']);
    const renamed = withSite(added, { ...testSite('a', 'Yard 2') }, later);
    expect(renamed.sites.map((site) => site.name)).toEqual(['Depot', 'Crane', 'Yard 2']);
    expect(withoutSite(renamed, 'b')?.sites.map((site) => site.id)).toEqual(['c', 'a']);
    expect(withoutSite(undefined, 'b')).toBeUndefined();
  });
});

describe('reconnecting', () => {
  it('waits 2 s after the first failure, doubling to at most a minute', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(reconnectDelayMs)).toEqual([
      2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
  });

  it('polls the board every 15 s while polls succeed, backing off to 5 min while they fail', () => {
    expect([0, 1, 2, 3, 4, 5, 12].map(pollingDelayMs)).toEqual([
      15_000, 30_000, 60_000, 120_000, 240_000, 300_000, 300_000,
    ]);
  });

  it('resumes after the last event seen', () => {
    expect(streamUrl(undefined)).toBe('/api/stream');
    expect(streamUrl('42')).toBe('/api/stream?last_event_id=42');
  });
});

describe('boardRefetcher', () => {
  /** A board endpoint whose answers the test releases one by one, as a slow network would. */
  function slowBoard() {
    const server = { sites: ['north'] };
    const pending: Array<() => void> = [];
    let fetches = 0;
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const queryKey = ['watch', 'sites'];
    const observer = new QueryObserver(client, {
      queryKey,
      // The answer is what the server had when the request reached it.
      queryFn: () => {
        fetches += 1;
        const answer = [...server.sites];
        return new Promise<string[]>((resolve) => pending.push(() => resolve(answer)));
      },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    const settle = async () => {
      while (pending.length > 0 || client.isFetching() > 0) {
        pending.shift()?.();
        await new Promise((resolve) => setTimeout(resolve, 0));
      }
    };
    return {
      server,
      client,
      queryKey,
      settle,
      fetches: () => fetches,
      board: () => client.getQueryData<string[]>(queryKey),
      stop: unsubscribe,
    };
  }

  it('shows a site whose status arrives while an older fetch is under way', async () => {
    const board = slowBoard();
    await board.settle();
    const refetch = boardRefetcher(board.client, board.queryKey);
    // A poll has left; then a site is added elsewhere and its first status arrives.
    void board.client.refetchQueries({ queryKey: board.queryKey });
    expect(board.fetches()).toBe(2);
    board.server.sites.push('south');
    refetch();
    await board.settle();
    expect(board.board()).toEqual(['north', 'south']);
    board.stop();
  });

  it('folds a burst of new sites into one more fetch', async () => {
    const board = slowBoard();
    await board.settle();
    const refetch = boardRefetcher(board.client, board.queryKey);
    board.server.sites.push('a');
    refetch();
    for (const name of ['b', 'c', 'd']) {
      board.server.sites.push(name);
      refetch();
    }
    await board.settle();
    expect(board.board()).toEqual(['north', 'a', 'b', 'c', 'd']);
    // The first load, ours, and one for everything that arrived while ours ran.
    expect(board.fetches()).toBe(3);
    board.stop();
  });
});
