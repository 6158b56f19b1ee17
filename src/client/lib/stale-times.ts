/**
 * How long each data family stays fresh in the query cache, and how often a screen left alone
 * refreshes it, in one place, matched to how often the provider's data changes.
 */
import { feedRefreshMs } from '../../shared/safety/feed-cadence';

const minute = 60_000;

export const staleTimes = {
  // The feeds a safety decision rests on refresh as the watch's do.
  lightning: feedRefreshMs.lightning,
  current: feedRefreshMs.current,
  alerts: feedRefreshMs.alerts,
  minutely: minute,
  dailyForecast: 30 * minute,
  airQualityForecast: 30 * minute,
  energyForecast: 30 * minute,
  config: Infinity,
} as const;

/** The part of a TanStack query the cadence reads, so any query's type fits. */
interface QueryStateView {
  state: {
    status: string;
    dataUpdatedAt: number;
    errorUpdatedAt: number;
    errorUpdateCount: number;
  };
}

export type RefreshingFamily = Exclude<keyof typeof staleTimes, 'config'>;

/**
 * A refetch interval for a family: its cadence while all is well; while the BFF or provider is
 * failing, the wait doubles with the length of the outage (up to ten minutes, or the cadence if
 * longer), so a wall of kiosks does not hammer a server that is down. The first success puts it
 * back on its cadence. TanStack Query pauses it while the page is hidden.
 */
export function refreshEvery(family: RefreshingFamily) {
  const cadence = staleTimes[family];
  const longest = Math.max(cadence, 10 * minute);
  return (query: QueryStateView): number => {
    const { status, dataUpdatedAt, errorUpdatedAt, errorUpdateCount } = query.state;
    if (status !== 'error' || errorUpdatedAt <= dataUpdatedAt) return cadence;
    // Nothing on screen yet: try again soon (30 s, doubling), not a whole cadence later.
    if (dataUpdatedAt === 0)
      return Math.min(cadence, 30_000 * 2 ** Math.min(10, Math.max(0, errorUpdateCount - 1)));
    return Math.min(longest, Math.max(cadence, errorUpdatedAt - dataUpdatedAt));
  };
}

/**
 * Whether a query coming on screen (a kiosk's next place, a panel reopened) may fetch: not
 * while a failure is inside its backoff, so rotation does not undo the backoff.
 */
export function mayRefetchOnMount(family: RefreshingFamily) {
  const wait = refreshEvery(family);
  return (query: QueryStateView): boolean => {
    const { status, dataUpdatedAt, errorUpdatedAt } = query.state;
    if (status !== 'error' || errorUpdatedAt <= dataUpdatedAt) return true;
    return Date.now() - errorUpdatedAt >= wait(query);
  };
}

/** Data older than this is past its refresh and marked as stale on screen. */
export function staleAfter(family: RefreshingFamily): number {
  return 2 * staleTimes[family] + 30_000;
}
