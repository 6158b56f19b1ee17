import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { sessionSchema } from '../../../../shared/api/watch-answers';

/** Who is signed in, and whether Skydeck still needs its first operator. */
export function sessionQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.watch.session(),
    queryFn: ({ signal }) => getJson('session', {}, sessionSchema, signal),
    staleTime: 5 * 60_000,
  });
}
