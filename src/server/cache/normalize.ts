import type { EndpointPath } from '../../shared/api/endpoints';
import { providerDefaults as d, thresholdScale } from '../../shared/api/provider-params';
import type { UnitSystem } from '../../shared/weather/units';

const lightning = {
  skip: d.skip,
  search_distance_km: d.search_distance_km,
  sort: d.sort,
  output_type: d.output_type,
};

/**
 * The interface's defaults (shared/api/provider-params), filled in so that
 * `lat=35.78&lon=-78.64` and `lon=-78.64000&units=M&lat=35.78` are the same request to the
 * cache and to the provider.
 */
const defaults: Record<EndpointPath, Record<string, string | number>> = {
  current: { units: d.units, lang: d.lang },
  alerts: {},
  'current/lightning': {
    ...lightning,
    limit: d.currentLightningLimit,
    search_mins: d.search_mins,
  },
  'history/lightning': {
    ...lightning,
    limit: d.historyLightningLimit,
    tz: d.historyTz['history/lightning'],
  },
  'forecast/daily': { units: d.units, lang: d.lang, days: d.days },
  'forecast/minutely': { units: d.units },
  'forecast/airquality': { hours: d.hours },
  'history/airquality': {},
  'history/hourly': { units: d.units, lang: d.lang, tz: d.historyTz['history/hourly'] },
  'history/daily': { units: d.units, lang: d.lang },
  'forecast/energy': { units: d.units, tp: d.tp },
};

/** The BFF's own parameters, never sent to the provider. */
export const bffOnlyParams = new Set(['confirm_units']);

/**
 * The query as it goes to the provider: validated values rendered canonically, coordinates
 * rounded to 4 decimals (about 11 m), defaults filled, keys sorted.
 */
export function normalizeQuery(
  endpoint: EndpointPath,
  values: Record<string, unknown>,
): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [name, value] of Object.entries(defaults[endpoint])) query[name] = String(value);
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || bffOnlyParams.has(name)) continue;
    query[name] = render(name, value);
  }
  // The energy threshold's default depends on the unit system it is read in.
  if (endpoint === 'forecast/energy' && query.threshold === undefined) {
    query.threshold = String(thresholdScale(query.units as UnitSystem).fallback);
  }
  return Object.fromEntries(Object.entries(query).sort(([a], [b]) => (a < b ? -1 : 1)));
}

function render(name: string, value: unknown): string {
  if (typeof value === 'number') {
    return name === 'lat' || name === 'lon' ? String(Number(value.toFixed(4))) : String(value);
  }
  const text = String(value).trim();
  if (name === 'country' || name === 'station') return text.toUpperCase();
  // Add-ons in one order, each once: the same request to the cache and the same cost.
  if (name === 'include') return [...new Set(text.split(','))].sort().join(',');
  return text;
}

export function cacheKey(endpoint: EndpointPath, query: Record<string, string>): string {
  return `${endpoint}?${new URLSearchParams(query).toString()}`;
}
