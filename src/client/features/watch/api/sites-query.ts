import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { serverNow } from '../../../lib/server-clock';
import type { Board } from '../lib/stream-cache';
import { livePollingMs, pollingDelayMs, pollingMs } from '../lib/stream-cache';
import { siteResponseSchema, sitesResponseSchema } from '../../../../shared/api/watch-answers';

/**
 * Every watched site with its status. The live stream keeps it current; without the stream it is
 * polled every 15 s (backing off while the polls fail), with it only now and then (for sites
 * another operator added or edited).
 * The alarms poll on in a hidden tab too (`background`), where a view would pause: an alarm is
 * for when nobody is looking. Chromium still spaces a hidden tab's timers out, to a minute once
 * it has been hidden five minutes; the stream itself is not throttled.
 */
export function sitesQueryOptions(live: boolean, background = false) {
  return queryOptions({
    queryKey: queryKeys.watch.sites(),
    queryFn: async ({ signal }): Promise<Board> => {
      const answer = await getJson('sites', {}, sitesResponseSchema, signal);
      if (!answer) throw new Error('The server sent no sites');
      const receivedAt = serverNow();
      return {
        spend: answer.spend,
        sites: answer.sites.map((site) => ({ ...site, received_at: receivedAt })),
      };
    },
    staleTime: live ? livePollingMs : pollingMs,
    refetchInterval: (query) =>
      live ? livePollingMs : pollingDelayMs(query.state.fetchFailureCount),
    refetchOnWindowFocus: true,
    refetchIntervalInBackground: background,
  });
}

/** One site with the record of changes made to it. */
export function siteQueryOptions(id: string) {
  return queryOptions({
    queryKey: queryKeys.watch.site(id),
    queryFn: ({ signal }) =>
      getJson(`sites/${encodeURIComponent(id)}`, {}, siteResponseSchema, signal),
    staleTime: 30_000,
  });
}
