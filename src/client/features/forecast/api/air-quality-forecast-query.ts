import { queryOptions } from '@tanstack/react-query';
import { airQualitySchema } from '../../../../shared/weather/air-quality-schema';
import { roundCoordinate } from '../../../../shared/geo/coordinates';
import { getJson } from '../../../lib/api-client';
import { mayRefetchOnMount, refreshEvery, staleTimes } from '../../../lib/stale-times';

export function airQualityForecastQueryOptions(point: { lat: number; lon: number }, hours: number) {
  const params = { lat: roundCoordinate(point.lat), lon: roundCoordinate(point.lon), hours };
  return queryOptions({
    queryKey: ['forecast/airquality', params],
    queryFn: ({ signal }) => getJson('forecast/airquality', params, airQualitySchema, signal),
    staleTime: staleTimes.airQualityForecast,
    refetchInterval: refreshEvery('airQualityForecast'),
    refetchOnMount: mayRefetchOnMount('airQualityForecast'),
    // A screen shown again refreshes what went stale while it was hidden.
    refetchOnWindowFocus: true,
  });
}
