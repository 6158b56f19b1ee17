import { queryOptions } from '@tanstack/react-query';
import type { UnitSystem } from '../../../../shared/weather/units';
import { minutelyForecastSchema } from '../../../../shared/weather/minutely-schema';
import { roundCoordinate } from '../../../app/view-state';
import { getJson } from '../../../lib/api-client';
import { staleTimes } from '../../../lib/stale-times';

export function minutelyForecastQueryOptions(
  point: { lat: number; lon: number },
  units: UnitSystem,
) {
  const params = { lat: roundCoordinate(point.lat), lon: roundCoordinate(point.lon), units };
  return queryOptions({
    queryKey: ['forecast/minutely', params],
    queryFn: ({ signal }) => getJson('forecast/minutely', params, minutelyForecastSchema, signal),
    staleTime: staleTimes.minutely,
    // A nowcast is only worth its next minutes: keep it moving while it is on screen.
    refetchInterval: staleTimes.minutely,
  });
}
