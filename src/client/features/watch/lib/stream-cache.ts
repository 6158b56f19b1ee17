import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { SiteJson, WatchSpendJson } from '../../../../shared/api/watch-answers';
import type { StatusMessage } from '../../../../shared/api/watch-answers';

/** A site as the board holds it: with when its status arrived, which its data age counts from. */
export interface BoardSite extends SiteJson {
  /** Server time (epoch ms) the status was received at. */
  received_at: number;
}

/** What the cache holds under ['watch', 'sites']. */
export interface Board {
  sites: BoardSite[];
  spend: WatchSpendJson;
}

/**
 * A status from the live stream written into the board. `known` is false when the board has no
 * such site (one added elsewhere) or no board is loaded yet: then only a fetch can tell the rest,
 * and the board is returned as it was. The other sites keep their identity, so their rows do not
 * re-render.
 */
export function withStatus(
  board: Board | undefined,
  message: StatusMessage,
  receivedAt: number,
): { board: Board | undefined; known: boolean } {
  if (!board) return { board, known: false };
  const index = board.sites.findIndex((site) => site.id === message.site_id);
  const site = board.sites[index];
  if (!site) return { board, known: false };
  const sites = [...board.sites];
  sites[index] = { ...site, status: message.status, received_at: receivedAt };
  return { board: { ...board, sites }, known: true };
}

/** A site saved (added or edited) written into the board, so it shows before the next fetch. */
export function withSite(board: Board | undefined, site: SiteJson, receivedAt: number): Board {
  const saved = { ...site, received_at: receivedAt };
  if (!board) return { sites: [saved], spend: emptySpend };
  const others = board.sites.filter((existing) => existing.id !== site.id);
  return { ...board, sites: [...others, saved] };
}

export function withoutSite(board: Board | undefined, id: string): Board | undefined {
  return board && { ...board, sites: board.sites.filter((site) => site.id !== id) };
}

const emptySpend: WatchSpendJson = {
  units_per_day: 0,
  lightning: 0,
  alerts: 0,
  current: 0,
  searches: 0,
  limit: null,
  limit_source: null,
};

/** The first retry soon (a restart), then doubling to a minute, so a dead server is not hammered. */
const firstRetryMs = 2_000;
const longestRetryMs = 60_000;

/** How long to wait before opening the stream again after `failures` failures in a row (≥ 1). */
export function reconnectDelayMs(failures: number): number {
  return Math.min(longestRetryMs, firstRetryMs * 2 ** Math.max(0, failures - 1));
}

/** While the stream is down the board is polled at this period; while it is up, rarely. */
export const pollingMs = 15_000;
export const livePollingMs = 5 * 60_000;

/**
 * The wait before the next poll of the board, without the stream: 15 s while the polls succeed,
 * doubling with each failed one up to the live period, so a server that is away (and a tab whose
 * alarms poll on in the background) does not get asked every 15 s for nothing.
 */
export function pollingDelayMs(failures: number): number {
  return Math.min(livePollingMs, pollingMs * 2 ** Math.max(0, failures));
}

/** The stream's address, resuming after the last event seen when there was one. */
export function streamUrl(lastEventId: string | undefined): string {
  return lastEventId
    ? `/api/stream?last_event_id=${encodeURIComponent(lastEventId)}`
    : '/api/stream';
}

/**
 * The board's refetch for a status about a site it does not have (one added elsewhere). The fetch
 * must start after the status arrived: one already under way (the first load, a poll) may have
 * been answered before the site existed, and joining it would leave the site off the board until
 * the next poll, minutes later. So ours replaces such a fetch; requests arriving while ours runs
 * fold into one more, so a burst of new sites costs two fetches, not one each.
 */
export function boardRefetcher(queryClient: QueryClient, queryKey: QueryKey): () => void {
  let running = false;
  let again = false;
  const run = () => {
    running = true;
    again = false;
    const settled = () => {
      running = false;
      if (again) run();
    };
    queryClient.invalidateQueries({ queryKey }, { cancelRefetch: true }).then(settled, settled);
  };
  return () => {
    if (running) again = true;
    else run();
  };
}
