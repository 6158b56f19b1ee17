import type { UnitSystem } from '../../../../shared/weather/units';
import { minutelyForecastSchema } from '../../../../shared/weather/minutely-schema';
import { roundCoordinate } from '../../../../shared/geo/coordinates';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { refreshingQuery } from '../../../lib/refreshing-query';

export function minutelyForecastQueryOptions(
  point: { lat: number; lon: number },
  units: UnitSystem,
) {
  const params = { lat: roundCoordinate(point.lat), lon: roundCoordinate(point.lon), units };
  return refreshingQuery('minutely', {
    queryKey: queryKeys.endpoint('forecast/minutely', params),
    queryFn: ({ signal }) => api.get('forecast/minutely', params, minutelyForecastSchema, signal),
  });
}
