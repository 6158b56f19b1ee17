import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys';

const point = { lat: '35.78', lon: '-78.64' };
const day = { ...point, date: '2026-07-14', tz: 'local', output_type: 'geojson' } as const;

/** A cache holding one entry under each key, and which of them a family's key reaches. */
function reached(keys: Record<string, QueryKey>, family: QueryKey): string[] {
  const client = new QueryClient();
  for (const [name, key] of Object.entries(keys)) client.setQueryData(key, name);
  return client
    .getQueriesData<string>({ queryKey: family })
    .map(([, name]) => name ?? '')
    .sort();
}

const everyKey = {
  current: queryKeys.endpoint('current', { ...point, units: 'M' }),
  alerts: queryKeys.endpoint('alerts', point),
  daily: queryKeys.endpoint('forecast/daily', { ...point, days: 7 }),
  lightning: queryKeys.lightning.around({ ...point, search_distance_km: 30 }),
  watchedLightning: queryKeys.lightning.watched({ ...point, search_distance_km: 41 }),
  lightningHistory: queryKeys.lightningHistory(day),
  history: queryKeys.history('history/lightning', [day]),
  quota: queryKeys.quota(),
  cost: queryKeys.quotaCost.of({ endpoint: 'history/hourly', ...point }),
  lightningCost: queryKeys.quotaCost.of({ endpoint: 'history/lightning', ...day }),
  config: queryKeys.clientConfig(),
  sites: queryKeys.watch.sites(),
  site: queryKeys.watch.site('abc'),
  events: queryKeys.watch.events.of({ site: 'abc' }),
  allEvents: queryKeys.watch.events.of({}),
  session: queryKeys.watch.session(),
};

describe('query keys', () => {
  it('keeps the live strikes under ["lightning"], which the end-to-end tests refetch', () => {
    expect(queryKeys.lightning.all()).toEqual(['lightning']);
    expect(reached(everyKey, ['lightning'])).toEqual(['lightning', 'watchedLightning']);
  });

  it('reaches every cost with one invalidation, and the quota apart from them', () => {
    expect(reached(everyKey, queryKeys.quotaCost.all())).toEqual(['cost', 'lightningCost']);
    expect(reached(everyKey, queryKeys.quota())).toEqual(['quota']);
  });

  it('keys an endpoint’s answer by its path and parameters', () => {
    expect(reached(everyKey, queryKeys.endpoint('forecast/daily', { ...point, days: 7 }))).toEqual([
      'daily',
    ]);
    expect(reached(everyKey, queryKeys.endpoint('forecast/daily', { ...point, days: 8 }))).toEqual(
      [],
    );
  });

  it('keeps the sites under ["watch", "sites"], which the live stream writes into', () => {
    expect(queryKeys.watch.sites()).toEqual(['watch', 'sites']);
    expect(reached(everyKey, queryKeys.watch.sites())).toEqual(['sites']);
  });

  it('reaches every page of the event log with one invalidation, and nothing else of the watch', () => {
    expect(reached(everyKey, queryKeys.watch.events.all())).toEqual(['allEvents', 'events']);
    expect(reached(everyKey, queryKeys.watch.all())).toEqual([
      'allEvents',
      'events',
      'session',
      'site',
      'sites',
    ]);
  });
});
