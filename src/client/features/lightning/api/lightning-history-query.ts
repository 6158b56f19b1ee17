import { mutationOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { lightningHistoryUnits } from '../../../../shared/quota/history-cost';
import { roundCoordinate } from '../../../../shared/geo/coordinates';
import type { LightningHistoryDay, LightningSearch } from '../url-state';
import { type ApiParams, getJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { fetchLightning } from './lightning-query';

/** The day a history query asks for; how far into it the slider shows is not part of it. */
export type HistoryDay = Pick<LightningHistoryDay, 'date' | 'tz'>;

function historyParams(
  point: { lat: number; lon: number },
  day: HistoryDay,
  search: LightningSearch,
) {
  return {
    lat: roundCoordinate(point.lat),
    lon: roundCoordinate(point.lon),
    date: day.date,
    tz: day.tz,
    search_distance_km: search.searchKm,
    sort: search.sort,
    limit: search.limit,
    output_type: 'geojson',
  } satisfies ApiParams<'history/lightning'>;
}

/**
 * A day of lightning history, as every view reads it. It costs 10 quota units, so the query
 * only ever runs by itself when the BFF says the answer is cached (and so free), and it asks
 * without confirm_units: should the cache have emptied meanwhile, the BFF refuses rather than
 * spends. A day that costs is fetched by the spend mutation below, which writes its answer here.
 */
export function lightningHistoryQueryOptions(
  point: { lat: number; lon: number },
  day: HistoryDay,
  search: LightningSearch,
) {
  const params = historyParams(point, day, search);
  return queryOptions({
    queryKey: queryKeys.lightningHistory(params),
    queryFn: ({ signal }) => fetchLightning('history/lightning', params, signal),
    // A past day does not change once fetched.
    staleTime: Infinity,
  });
}

/**
 * Spending the day's units, once the user has confirmed them: the request carries
 * confirm_units, and its answer goes into the day's query so the map and the polar view show it
 * without asking again. Keyed by the day, so every view can tell the spend is under way.
 */
export function lightningHistorySpendOptions(
  queryClient: QueryClient,
  point: { lat: number; lon: number },
  day: HistoryDay,
  search: LightningSearch,
) {
  const params = historyParams(point, day, search);
  const history = lightningHistoryQueryOptions(point, day, search);
  return mutationOptions({
    mutationKey: lightningHistorySpendKey(point, day, search),
    mutationFn: () =>
      fetchLightning('history/lightning', { ...params, confirm_units: lightningHistoryUnits }),
    onSuccess: (answer) => queryClient.setQueryData(history.queryKey, answer),
    // Spending changes today's total and makes the same day free: ask both again.
    onSettled: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.quota() }),
        queryClient.invalidateQueries({ queryKey: queryKeys.quotaCost.all() }),
      ]);
    },
  });
}

export function lightningHistorySpendKey(
  point: { lat: number; lon: number },
  day: HistoryDay,
  search: LightningSearch,
) {
  return queryKeys.lightningHistorySpend(historyParams(point, day, search));
}

const costSchema = z.object({ units: z.number(), reason: z.string(), cached: z.boolean() });

export function lightningHistoryCostQueryOptions(
  point: { lat: number; lon: number },
  day: HistoryDay,
  search: LightningSearch,
) {
  const params = { endpoint: 'history/lightning', ...historyParams(point, day, search) };
  return queryOptions({
    queryKey: queryKeys.quotaCost.of(params),
    queryFn: ({ signal }) => getJson('quota/cost', params, costSchema, signal),
    staleTime: 30_000,
  });
}
