import type { EndpointPath } from '../../shared/api/endpoints';

/**
 * The interface's defaults, filled in so that `lat=35.78&lon=-78.64` and
 * `lon=-78.64000&units=M&lat=35.78` are the same request to the cache and to the provider.
 */
const defaults: Record<EndpointPath, Record<string, string>> = {
  current: { units: 'M', lang: 'en' },
  alerts: {},
  'current/lightning': {
    limit: '20',
    skip: '0',
    search_distance_km: '20',
    search_mins: '30',
    sort: 'distance',
    output_type: 'json',
  },
  'history/lightning': {
    limit: '1500',
    skip: '0',
    search_distance_km: '20',
    sort: 'distance',
    output_type: 'json',
    tz: 'local',
  },
  'forecast/daily': { units: 'M', lang: 'en', days: '16' },
  'forecast/minutely': { units: 'M' },
  'forecast/airquality': { hours: '72' },
  'history/airquality': {},
  'history/hourly': { units: 'M', lang: 'en', tz: 'utc' },
  'history/daily': { units: 'M', lang: 'en' },
  'forecast/energy': { units: 'M', tp: 'daily' },
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
  const query: Record<string, string> = { ...defaults[endpoint] };
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || bffOnlyParams.has(name)) continue;
    query[name] = render(name, value);
  }
  // The energy threshold's default depends on the unit system it is read in.
  if (endpoint === 'forecast/energy' && query.threshold === undefined) {
    query.threshold = query.units === 'I' ? '64.4' : '18';
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
