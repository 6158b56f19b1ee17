import { infiniteQueryOptions } from '@tanstack/react-query';
import type { eventsQuery } from '../../../../shared/api/queries';
import { apiUrl, getJson, type RouteQuery } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { livePollingMs, pollingMs } from '../lib/stream-cache';
import type { EventFilter } from '../url-state';
import { eventsResponseSchema } from '../../../../shared/api/watch-answers';

type EventsParams = RouteQuery<typeof eventsQuery>;

function filterParams(filter: EventFilter): EventsParams {
  return { site: filter.site, since: filter.since, until: filter.until };
}

/**
 * The event log, newest first, a page at a time: each page's `next_before` asks for the one
 * after it, until the last page says null. The live stream says when there is a new event;
 * without it the log is asked again every 15 s.
 */
export function eventsQueryOptions(filter: EventFilter, pageSize: number, live: boolean) {
  const params = { ...filterParams(filter), limit: pageSize } satisfies EventsParams;
  return infiniteQueryOptions({
    queryKey: queryKeys.watch.events.of(params),
    queryFn: ({ pageParam, signal }) =>
      getJson(
        'events',
        { ...params, before: pageParam } satisfies EventsParams,
        eventsResponseSchema,
        signal,
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (page) => page?.next_before ?? undefined,
    staleTime: live ? livePollingMs : pollingMs,
    refetchInterval: live ? false : pollingMs,
  });
}

/** The whole filtered record as CSV, as the BFF writes it: a link, so the browser downloads it. */
export function eventsCsvUrl(filter: EventFilter): string {
  return apiUrl('events', { ...filterParams(filter), format: 'csv' } satisfies EventsParams);
}
