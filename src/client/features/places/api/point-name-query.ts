import { queryOptions } from '@tanstack/react-query';
import { placeAtSchema } from '../../../../shared/api/places';
import { roundCoordinate } from '../../../../shared/geo/coordinates';
import { getJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** What the BFF calls a point, at the same rounding the weather is fetched at. */
export function pointNameQueryOptions(point: { lat: number; lon: number }) {
  const params = { lat: roundCoordinate(point.lat), lon: roundCoordinate(point.lon) };
  return queryOptions({
    queryKey: queryKeys.placeAt(params),
    queryFn: ({ signal }) => getJson('places/at', params, placeAtSchema, signal),
    // The gazetteer does not change while the page is open.
    staleTime: Infinity,
  });
}
