import type { EndpointPath } from '../../shared/api/endpoints';
import { freshSeconds } from '../../shared/api/freshness';

const day = 24 * 60 * 60;

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
