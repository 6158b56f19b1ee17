import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { lightningGeoJsonSchema } from '../../../../shared/weather/lightning-schema';
import { type LightningSearch, roundCoordinate } from '../../../app/view-state';
import { getJson } from '../../../lib/api-client';
import { mayRefetchOnMount, refreshEvery, staleTimes } from '../../../lib/stale-times';

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
  settings: { stopKm: number; clearMinutes: number; lightning: LightningSearch },
) {
  const { lightning } = settings;
  const params = {
    lat: roundCoordinate(point.lat),
    lon: roundCoordinate(point.lon),
    search_distance_km: Math.min(
      maxSearchKm,
      Math.max(lightning.searchKm, Math.ceil(2 * settings.stopKm)),
    ),
    search_mins: Math.min(
      maxSearchMinutes,
      Math.max(lightning.searchMinutes, settings.clearMinutes),
    ),
    sort: lightning.sort,
    limit: lightning.limit,
    output_type: 'geojson',
  };
  return queryOptions({
    queryKey: ['lightning', params],
    queryFn: ({ signal }) => getJson('current/lightning', params, lightningGeoJsonSchema, signal),
    staleTime: staleTimes.lightning,
    refetchInterval: refreshEvery('lightning'),
    refetchOnMount: mayRefetchOnMount('lightning'),
    // A screen shown again refreshes what went stale while it was hidden.
    refetchOnWindowFocus: true,
    // A changed search keeps the strikes on screen until the new answer arrives.
    placeholderData: keepPreviousData,
  });
}
