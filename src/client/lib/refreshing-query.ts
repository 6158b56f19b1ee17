import {
  keepPreviousData,
  type QueryFunction,
  type QueryKey,
  queryOptions,
} from '@tanstack/react-query';
import { mayRefetchOnMount, refreshEvery, type RefreshingFamily, staleTimes } from './stale-times';

/**
 * A query for data that goes on changing (conditions, alerts, strikes, forecasts): fresh for its
 * family's time, refreshed on the family's cadence with backoff while the server is failing,
 * not refetched on mount inside that backoff, and refreshed when the screen is shown again.
 *
 * `keepPreviousAnswer`: while a changed key loads, the previous key's answer stays on screen
 * (placeholder data), as the lightning views want so a changed search does not blank the map.
 */
export function refreshingQuery<TData, TKey extends QueryKey>(
  family: RefreshingFamily,
  query: {
    queryKey: TKey;
    queryFn: QueryFunction<TData, TKey>;
    keepPreviousAnswer?: boolean;
  },
) {
  return queryOptions({
    queryKey: query.queryKey,
    queryFn: query.queryFn,
    staleTime: staleTimes[family],
    refetchInterval: refreshEvery(family),
    refetchOnMount: mayRefetchOnMount(family),
    // A screen shown again refreshes what went stale while it was hidden.
    refetchOnWindowFocus: true,
    ...(query.keepPreviousAnswer ? { placeholderData: keepPreviousData } : {}),
  });
}
