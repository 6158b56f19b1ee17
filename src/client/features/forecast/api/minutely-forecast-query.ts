import { queryOptions } from '@tanstack/react-query';
import type { UnitSystem } from '../../../../shared/weather/units';
import { minutelyForecastSchema } from '../../../../shared/weather/minutely-schema';
import { roundCoordinate } from '../../../../shared/geo/coordinates';
import { getJson } from '../../../lib/api-client';
import { mayRefetchOnMount, refreshEvery, staleTimes } from '../../../lib/stale-times';

export function minutelyForecastQueryOptions(
  point: { lat: number; lon: number },
  units: UnitSystem,
) {
  const params = { lat: roundCoordinate(point.lat), lon: roundCoordinate(point.lon), units };
  return queryOptions({
    queryKey: ['forecast/minutely', params],
    queryFn: ({ signal }) => getJson('forecast/minutely', params, minutelyForecastSchema, signal),
    staleTime: staleTimes.minutely,
    refetchInterval: refreshEvery('minutely'),
    refetchOnMount: mayRefetchOnMount('minutely'),
    // A screen shown again refreshes what went stale while it was hidden.
    refetchOnWindowFocus: true,
  });
}
