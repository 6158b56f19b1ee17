import { roundCoordinate } from '../../shared/geo/coordinates';
import { feedRefreshMs } from '../../shared/safety/feed-cadence';
import { planLightningSearches, type PlannedSite } from '../../shared/safety/lightning-plan';

/** How often the watch asks for each feed (ms). */
export const watchCadenceMs = feedRefreshMs;

const perDay = (cadenceMs: number) => Math.ceil(86_400_000 / cadenceMs);

export interface WatchSpend {
  /** Units a day, total and by feed. */
  total: number;
  lightning: number;
  alerts: number;
  current: number;
  /** How many lightning searches the sites share. */
  searches: number;
}

/**
 * The units a day the watch spends on these sites: one lightning search a minute per shared
 * search, alerts a minute and current conditions every ten minutes per distinct point (sites on
 * the same rounded point share the BFF's cache and so one request).
 */
export function projectWatchSpend(sites: readonly PlannedSite[]): WatchSpend {
  const searches = planLightningSearches(sites).length;
  const points = new Set(
    sites.map((site) => `${roundCoordinate(site.lat)},${roundCoordinate(site.lon)}`),
  ).size;
  const lightning = searches * perDay(watchCadenceMs.lightning);
  const alerts = points * perDay(watchCadenceMs.alerts);
  const current = points * perDay(watchCadenceMs.current);
  return { total: lightning + alerts + current, lightning, alerts, current, searches };
}
