import { queryOptions } from '@tanstack/react-query';
import { alertsResponseSchema } from '../../../../shared/weather/alert-schema';
import { roundCoordinate } from '../../../../shared/geo/coordinates';
import { getJson } from '../../../lib/api-client';
import { mayRefetchOnMount, refreshEvery, staleTimes } from '../../../lib/stale-times';

export function alertsQueryOptions(point: { lat: number; lon: number }) {
  const params = { lat: roundCoordinate(point.lat), lon: roundCoordinate(point.lon) };
  return queryOptions({
    queryKey: ['alerts', params],
    queryFn: ({ signal }) => getJson('alerts', params, alertsResponseSchema, signal),
    staleTime: staleTimes.alerts,
    refetchInterval: refreshEvery('alerts'),
    refetchOnMount: mayRefetchOnMount('alerts'),
    // A screen shown again refreshes what went stale while it was hidden.
    refetchOnWindowFocus: true,
  });
}
