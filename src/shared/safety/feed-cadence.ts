/**
 * How often each feed a safety decision rests on is refreshed, by the watch and by the map's
 * card alike (the cadence: lightning and alerts every minute, current conditions every
 * ten), and how old its data may grow before the decision is `no_data`.
 */
export const feedRefreshMs = {
  lightning: 60_000,
  alerts: 60_000,
  current: 10 * 60_000,
} as const;

export type SafetyFeed = keyof typeof feedRefreshMs;
export const safetyFeeds = Object.keys(feedRefreshMs) as [SafetyFeed, ...SafetyFeed[]];

/** A feed is stale past two refresh periods: one missed refresh is a hiccup, two are an outage. */
export const staleAfterPeriods = 2;

export function staleAfterMs(feed: SafetyFeed): number {
  return staleAfterPeriods * feedRefreshMs[feed];
}

/**
 * The oldest cached answer a safety decision takes (seconds), asked for with
 * `Cache-Control: max-age`: half a refresh period. Served a shared answer from the BFF's cache
 * and refreshed a period later, the data is then at most one and a half periods old, inside the
 * two after which it is stale, with room for a late timer; without it an answer cached for a
 * whole period reads as two periods old just before the next arrives.
 */
export function safetyMaxAgeS(feed: SafetyFeed): number {
  return feedRefreshMs[feed] / 2 / 1000;
}
