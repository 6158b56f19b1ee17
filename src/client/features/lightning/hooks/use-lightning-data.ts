import { lightningHistoryStart } from '../../../../shared/api/provider-params';
import { useIsMutating, useQuery } from '@tanstack/react-query';
import { lightningHistoryUnits } from '../../../../shared/quota/history-cost';
import { minutesPerDay } from '../../../lib/day-clock';
import { useLinkView } from '../../../lib/url-state/link';
import { historyDayView, searchView } from '../url-state';
import { useLightningRule } from './use-lightning-rule';
import {
  lightningHistoryCostQueryOptions,
  lightningHistoryQueryOptions,
  lightningHistorySpendKey,
} from '../api/lightning-history-query';
import { lightningQueryOptions } from '../api/lightning-query';
import { strikeLoad } from '../lib/strike-load';

/** A placeholder day so the history hooks can always be called (they stay disabled in live mode). */
const noDay = { date: lightningHistoryStart, tz: 'local', until: minutesPerDay } as const;

/**
 * The strikes every lightning view shows: live ones, or a day of history once its cost has been
 * confirmed (or it turns out to be cached). One source, so the map, the polar view and the
 * controls never disagree, and one account of whether there is an answer yet (`load`).
 */
export function useLightningData(point: { lat: number; lon: number }) {
  const day = useLinkView(historyDayView);
  const { rule, baseline, sitesKnown } = useLightningRule(point);
  const lightning = useLinkView(searchView);
  // Not before the watch's sites are known: a watched site's policy may need a wider search.
  const live = useQuery({
    ...lightningQueryOptions(point, { rule, baseline, lightning }),
    enabled: !day && sitesKnown,
  });
  const historyOptions = lightningHistoryQueryOptions(point, day ?? noDay, lightning);
  const cost = useQuery({
    ...lightningHistoryCostQueryOptions(point, day ?? noDay, lightning),
    enabled: Boolean(day),
  });
  const past = useQuery({ ...historyOptions, enabled: Boolean(day) && cost.data?.cached === true });
  // The spend runs in the history controls; every view tells the day is on its way from it.
  const spendKey = lightningHistorySpendKey(point, day ?? noDay, lightning);
  const spending = useIsMutating({ mutationKey: spendKey, exact: true }) > 0;
  if (!day) {
    return {
      mode: 'live' as const,
      query: live,
      collection: live.data?.collection,
      cost: undefined,
      day: undefined,
      load: strikeLoad({
        mode: 'live',
        answered: live.isSuccess,
        fetching: live.isFetching,
        error: live.error,
        cost: undefined,
        fallbackUnits: lightningHistoryUnits,
        costFailed: false,
      }),
    };
  }
  return {
    mode: 'history' as const,
    query: past,
    collection: past.data?.collection,
    cost,
    day,
    load: strikeLoad({
      mode: 'history',
      answered: past.isSuccess,
      fetching: past.isFetching || spending,
      error: past.error,
      cost: cost.data ?? undefined,
      fallbackUnits: lightningHistoryUnits,
      costFailed: cost.isError,
    }),
  };
}
