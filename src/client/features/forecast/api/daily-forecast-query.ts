import type { Language, UnitSystem } from '../../../../shared/weather/units';
import { dailyForecastSchema } from '../../../../shared/weather/daily-forecast-schema';
import { roundCoordinate } from '../../../../shared/geo/coordinates';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { refreshingQuery } from '../../../lib/refreshing-query';

export function dailyForecastQueryOptions(
  point: { lat: number; lon: number },
  settings: { units: UnitSystem; lang: Language; days: number },
) {
  const params = {
    lat: roundCoordinate(point.lat),
    lon: roundCoordinate(point.lon),
    units: settings.units,
    lang: settings.lang === 'en' ? undefined : settings.lang,
    days: settings.days,
  };
  return refreshingQuery('dailyForecast', {
    queryKey: queryKeys.endpoint('forecast/daily', params),
    queryFn: ({ signal }) => api.get('forecast/daily', params, dailyForecastSchema, signal),
  });
}
