import { queryOptions } from '@tanstack/react-query';
import { stationReadingsResponseSchema } from '../../../../shared/api/watch-answers';
import { getJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * A station's readings over the server's default window (the last day, by the server's clock).
 * A station uploads every few seconds and is kept by the minute: a minute's refresh keeps the
 * chart as current as its points.
 */
export function stationReadingsQueryOptions(stationId: string) {
  return queryOptions({
    queryKey: queryKeys.watch.stationReadings(stationId),
    queryFn: ({ signal }) =>
      getJson(
        `stations/${encodeURIComponent(stationId)}/readings`,
        {},
        stationReadingsResponseSchema,
        signal,
      ),
    staleTime: 60_000,
    refetchInterval: 60_000,
    retry: 1,
  });
}
