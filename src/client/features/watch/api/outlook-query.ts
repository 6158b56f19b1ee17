import { queryOptions } from '@tanstack/react-query';
import { outlookResponseSchema } from '../../../../shared/api/outlook-answers';
import { freshSeconds } from '../../../../shared/api/freshness';
import { getJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * How long an outlook stays fresh in the browser: as long as the daily forecast it is judged
 * from stays fresh in the BFF's cache. Asking sooner only reads that cache again; a board of
 * fifty sites would otherwise send fifty requests for nothing.
 */
const outlookFreshMs = freshSeconds['forecast/daily'] * 1000;

/**
 * A failed outlook (the provider down, the budget spent) is asked again sooner than a good one
 * is renewed, but no more than four times an hour per site: a wall left on for weeks through an
 * outage sends a bounded trickle, not a storm.
 */
const outlookRetryMs = 15 * 60_000;

/**
 * A site's outlook, for its page and its card on the board alike (one cache entry per site).
 * Renewed once per cache period while shown, never on window focus: a kiosk's browser that
 * regains focus, or an operator switching tabs, must not send one request per site.
 */
export function outlookQueryOptions(siteId: string) {
  return queryOptions({
    queryKey: queryKeys.watch.outlook(siteId),
    queryFn: ({ signal }) =>
      getJson(`sites/${encodeURIComponent(siteId)}/outlook`, {}, outlookResponseSchema, signal),
    staleTime: outlookFreshMs,
    refetchInterval: (query) => (query.state.status === 'error' ? outlookRetryMs : outlookFreshMs),
    refetchOnWindowFocus: false,
    retry: 1,
  });
}
