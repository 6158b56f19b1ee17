import type { UnitSystem } from '../../../../shared/weather/units';
import { energyForecastSchema } from '../../../../shared/weather/energy-schema';
import { roundCoordinate } from '../../../../shared/geo/coordinates';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { refreshingQuery } from '../../../lib/refreshing-query';

export function energyForecastQueryOptions(
  point: { lat: number; lon: number },
  settings: { units: UnitSystem; period: 'daily' | 'hourly'; threshold: number },
) {
  const params = {
    lat: roundCoordinate(point.lat),
    lon: roundCoordinate(point.lon),
    units: settings.units,
    tp: settings.period,
    threshold: settings.threshold,
  };
  return refreshingQuery('energyForecast', {
    queryKey: queryKeys.endpoint('forecast/energy', params),
    queryFn: ({ signal }) => api.get('forecast/energy', params, energyForecastSchema, signal),
  });
}
