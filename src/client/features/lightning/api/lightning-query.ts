import { queryOptions } from '@tanstack/react-query';
import { lightningGeoJsonSchema } from '../../../../shared/weather/lightning-schema';
import { roundCoordinate } from '../../../app/view-state';
import { getJson } from '../../../lib/api-client';
import { staleTimes } from '../../../lib/stale-times';

/** The provider's limits on a current-lightning search (the interface's). */
export const maxSearchKm = 75;
export const maxSearchMinutes = 45;

/**
 * Recent strikes around a point as GeoJSON, refreshed every minute. The search always reaches
 * twice the stop radius and back over the all-clear time (as far as the provider's limits
 * allow), so the safety status sees every strike it depends on.
 */
export function lightningQueryOptions(
  point: { lat: number; lon: number },
  safety: { stopKm: number; clearMinutes: number },
) {
  const params = {
    lat: roundCoordinate(point.lat),
    lon: roundCoordinate(point.lon),
    search_distance_km: Math.min(maxSearchKm, Math.max(20, Math.ceil(2 * safety.stopKm))),
    search_mins: Math.min(maxSearchMinutes, Math.max(30, safety.clearMinutes)),
    sort: 'time',
    limit: 2500,
    output_type: 'geojson',
  };
  return queryOptions({
    queryKey: ['lightning', params],
    queryFn: ({ signal }) => getJson('current/lightning', params, lightningGeoJsonSchema, signal),
    staleTime: staleTimes.lightning,
    refetchInterval: staleTimes.lightning,
  });
}
