import type { EndpointPath } from '../../shared/api/endpoints';

const minute = 60;
const hour = 60 * minute;
const day = 24 * hour;

/**
 * How long each data family stays fresh in the BFF's cache, in one table, matched to how often
 * the provider's data changes. History depends on whether what came back has settled.
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

/** History records that are final do not change: keep them for days. */
export const finalHistorySeconds = 3 * day;

/** A day of lightning history is complete once the day is over everywhere. */
export const settledLightningSeconds = day;

export function freshnessFor(
  endpoint: EndpointPath,
  body: unknown,
  query: Record<string, string>,
  now: number,
): number {
  if (endpoint === 'history/hourly' || endpoint === 'history/daily') {
    const records = (body as { data?: { revision_status?: string }[] } | null)?.data ?? [];
    const settled =
      records.length > 0 && records.every((record) => record.revision_status === 'final');
    return settled ? finalHistorySeconds : freshSeconds[endpoint];
  }
  if (endpoint === 'history/lightning' && query.date) {
    const dayEnds = Date.parse(`${query.date}T00:00:00Z`) / 1000 + 2 * day;
    return dayEnds < now ? settledLightningSeconds : freshSeconds[endpoint];
  }
  return freshSeconds[endpoint];
}
