import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { lightningHistoryUnits } from '../../../../shared/quota/history-cost';
import { type LightningSearch, roundCoordinate } from '../../../app/view-state';
import { getJson } from '../../../lib/api-client';
import { fetchLightning } from './lightning-query';

export interface HistoryDay {
  date: string;
  tz: 'local' | 'utc';
}

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
  };
}

/**
 * A day of lightning history. It costs 10 quota units, so it is never fetched by merely
 * rendering: `fetchQuery` runs it when the user confirms (with confirm_units), or the data
 * hook enables it when the BFF says the answer is already cached (and so free).
 */
export function lightningHistoryQueryOptions(
  point: { lat: number; lon: number },
  day: HistoryDay,
  search: LightningSearch,
) {
  const params = { ...historyParams(point, day, search), confirm_units: lightningHistoryUnits };
  return queryOptions({
    queryKey: ['lightning-history', historyParams(point, day, search)],
    queryFn: ({ signal }) => fetchLightning('history/lightning', params, signal),
    // A past day does not change once fetched.
    staleTime: Infinity,
  });
}

const costSchema = z.object({ units: z.number(), reason: z.string(), cached: z.boolean() });

export function lightningHistoryCostQueryOptions(
  point: { lat: number; lon: number },
  day: HistoryDay,
  search: LightningSearch,
) {
  const params = { endpoint: 'history/lightning', ...historyParams(point, day, search) };
  return queryOptions({
    queryKey: ['quota-cost', params],
    queryFn: ({ signal }) => getJson('quota/cost', params, costSchema, signal),
    staleTime: 30_000,
  });
}
