import { airQualitySchema } from '../../../../shared/weather/air-quality-schema';
import { roundCoordinate } from '../../../../shared/geo/coordinates';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { refreshingQuery } from '../../../lib/refreshing-query';

export function airQualityForecastQueryOptions(point: { lat: number; lon: number }, hours: number) {
  const params = { lat: roundCoordinate(point.lat), lon: roundCoordinate(point.lon), hours };
  return refreshingQuery('airQualityForecast', {
    queryKey: queryKeys.endpoint('forecast/airquality', params),
    queryFn: ({ signal }) => api.get('forecast/airquality', params, airQualitySchema, signal),
  });
}
