import { alertsResponseSchema } from '../../../../shared/weather/alert-schema';
import { roundCoordinate } from '../../../../shared/geo/coordinates';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { refreshingQuery } from '../../../lib/refreshing-query';

export function alertsQueryOptions(point: { lat: number; lon: number }) {
  const params = { lat: roundCoordinate(point.lat), lon: roundCoordinate(point.lon) };
  return refreshingQuery('alerts', {
    queryKey: queryKeys.endpoint('alerts', params),
    queryFn: ({ signal }) => api.get('alerts', params, alertsResponseSchema, signal),
  });
}
