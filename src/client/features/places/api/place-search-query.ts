import { queryOptions } from '@tanstack/react-query';
import { placeSearchSchema } from '../../../../shared/api/places';
import { getJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function placeSearchQueryOptions(text: string) {
  const params = { q: text.trim() };
  return queryOptions({
    queryKey: queryKeys.places(params),
    queryFn: ({ signal }) => getJson('places', params, placeSearchSchema, signal),
    // The gazetteer does not change while the page is open.
    staleTime: Infinity,
  });
}
