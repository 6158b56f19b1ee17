import { queryOptions } from '@tanstack/react-query';
import { outlookResponseSchema } from '../../../../shared/api/outlook-answers';
import { getJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * A site's outlook. The BFF keeps the forecasts behind it an hour, so asking more often only
 * reads its cache; ten minutes keeps a page left open from showing yesterday's verdicts long.
 */
export function outlookQueryOptions(siteId: string) {
  return queryOptions({
    queryKey: queryKeys.watch.outlook(siteId),
    queryFn: ({ signal }) =>
      getJson(`sites/${encodeURIComponent(siteId)}/outlook`, {}, outlookResponseSchema, signal),
    staleTime: 10 * 60_000,
    refetchInterval: 10 * 60_000,
    retry: 1,
  });
}
