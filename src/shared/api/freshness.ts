import type { EndpointPath } from './endpoints';

const minute = 60;
const hour = 60 * minute;

/**
 * How long each data family stays fresh in the BFF's cache (seconds), in one table, matched to
 * how often the provider's data changes. Shared so a browser view built on one family (the
 * board's outlook on the daily forecast) asks no more often than the cache can answer anew.
 */
export const freshSeconds: Record<EndpointPath, number> = {
  'current/lightning': minute,
  'forecast/minutely': minute,
  // A minute, as the watch asks: a warning that stops work must not wait in a cache.
  alerts: minute,
  current: 10 * minute,
  'forecast/airquality': hour,
  'forecast/daily': hour,
  'forecast/energy': hour,
  'history/airquality': 10 * minute,
  'history/lightning': 10 * minute,
  'history/hourly': 10 * minute,
  'history/daily': 10 * minute,
};
