import { providerDefaults } from '../../shared/api/provider-params';
import { lightningCost, rangeCost, type HistoryCost } from '../../shared/quota/history-cost';

/** Ledger families: what the quota was spent on. */
export const quotaFamilies = ['current', 'alerts', 'lightning', 'forecast', 'history'] as const;
export type QuotaFamily = (typeof quotaFamilies)[number];

export function quotaFamily(endpoint: string): QuotaFamily {
  if (endpoint.startsWith('history/')) return 'history';
  if (endpoint === 'current/lightning') return 'lightning';
  if (endpoint === 'current' || endpoint === 'alerts') return endpoint;
  return 'forecast';
}

export function isHistoryEndpoint(endpoint: string): boolean {
  return endpoint.startsWith('history/');
}

/**
 * What one provider request costs, by the interface's rules: one unit; `include` add-ons one
 * more each; `points` (our reading) one a point; history by its range; lightning history 10.
 * Query values are the strings that go over the wire.
 */
export function requestCost(
  endpoint: string,
  query: Readonly<Record<string, string | undefined>>,
): HistoryCost {
  if (endpoint === 'history/lightning') return lightningCost();
  if (
    endpoint === 'history/hourly' ||
    endpoint === 'history/daily' ||
    endpoint === 'history/airquality'
  ) {
    if (endpoint === 'history/airquality' && query.start_date === undefined)
      return single(1, `${providerDefaults.airQualityHistoryHours} hours of air quality history`);
    return rangeCost(endpoint, query.start_date ?? '', query.end_date ?? '');
  }
  const points = query.points ? (query.points.match(/\(/g) ?? []).length : 1;
  // The same add-on named twice is one add-on (and is sent once).
  const addOns = query.include ? new Set(query.include.split(',')).size : 0;
  return single(points + addOns, 'one unit a request, one more per add-on or extra point');
}

function single(units: number, reason: string): HistoryCost {
  return { units, days: 0, maxDays: 0, allowed: true, reason };
}
