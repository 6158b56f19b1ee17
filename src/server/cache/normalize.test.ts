import { describe, expect, it } from 'vitest';
import { type EndpointPath, endpointSchemas } from '../../shared/api/endpoints';
import { providerDefaults, thresholdScales } from '../../shared/api/provider-params';
import { parseQuery } from '../http/query';
import { cacheKey, normalizeQuery } from './normalize';

/** The cache key of a query as the BFF validates and normalises it. */
function keyOf(endpoint: EndpointPath, query: string): string {
  const parsed = parseQuery(endpointSchemas[endpoint], new URLSearchParams(query));
  if (!parsed.ok) throw new Error(parsed.error);
  return cacheKey(endpoint, normalizeQuery(endpoint, parsed.value as Record<string, unknown>));
}

describe('normalised queries', () => {
  it.each([
    ['current', 'lat=35.78&lon=-78.64', `lon=-78.64000&units=M&lang=en&lat=35.780001`],
    [
      'current/lightning',
      'lat=1&lon=2',
      `lat=1&lon=2&limit=${providerDefaults.currentLightningLimit}&search_mins=30&skip=0&search_distance_km=20&sort=distance&output_type=json`,
    ],
    [
      'history/lightning',
      'lat=1&lon=2&date=2025-01-01',
      `lat=1&lon=2&date=2025-01-01&limit=${providerDefaults.historyLightningLimit}&tz=local`,
    ],
    ['forecast/daily', 'lat=1&lon=2', 'lat=1&lon=2&days=16'],
    ['forecast/airquality', 'lat=1&lon=2', 'lat=1&lon=2&hours=72'],
    ['forecast/energy', 'lat=1&lon=2', 'lat=1&lon=2&threshold=18&tp=daily'],
    ['forecast/energy', 'lat=1&lon=2&units=I', 'lat=1&lon=2&units=I&threshold=64.4'],
  ] as const)(
    '%s: the interface defaults left out or spelled out are one request',
    (endpoint, bare, explicit) => {
      expect(keyOf(endpoint, bare)).toBe(keyOf(endpoint, explicit));
    },
  );

  it('sends the energy threshold default in the unit system it is read in', () => {
    expect(normalizeQuery('forecast/energy', { lat: 1, lon: 2 }).threshold).toBe(
      String(thresholdScales.C.fallback),
    );
    expect(normalizeQuery('forecast/energy', { lat: 1, lon: 2, units: 'I' }).threshold).toBe(
      String(thresholdScales.F.fallback),
    );
  });
});
