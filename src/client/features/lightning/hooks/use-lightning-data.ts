import { useQuery } from '@tanstack/react-query';
import { useViewState } from '../../../app/use-view-state';
import {
  lightningHistoryCostQueryOptions,
  lightningHistoryQueryOptions,
} from '../api/lightning-history-query';
import { lightningQueryOptions } from '../api/lightning-query';

/** A placeholder day so the history hooks can always be called (they stay disabled in live mode). */
const noDay = { date: '2024-08-15', tz: 'local' } as const;

/**
 * The strikes every lightning view shows: live ones, or a day of history once its cost has been
 * confirmed (or it turns out to be cached). One source, so the map, the polar view and the
 * controls never disagree.
 */
export function useLightningData(point: { lat: number; lon: number }) {
  const view = useViewState();
  const day = view.lightningHistory;
  const live = useQuery({ ...lightningQueryOptions(point, view), enabled: !day });
  const historyOptions = lightningHistoryQueryOptions(point, day ?? noDay, view.lightning);
  const cost = useQuery({
    ...lightningHistoryCostQueryOptions(point, day ?? noDay, view.lightning),
    enabled: Boolean(day),
  });
  const past = useQuery({ ...historyOptions, enabled: Boolean(day) && cost.data?.cached === true });
  return day
    ? {
        mode: 'history' as const,
        query: past,
        collection: past.data?.collection,
        cost,
        historyOptions,
        day,
      }
    : {
        mode: 'live' as const,
        query: live,
        collection: live.data?.collection,
        cost: undefined,
        historyOptions: undefined,
        day: undefined,
      };
}
