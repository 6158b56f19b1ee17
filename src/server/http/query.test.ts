import { describe, expect, it } from 'vitest';
import { type EndpointPath, endpointSchemas } from '../../shared/api/endpoints';
import { providerRanges, rangeText } from '../../shared/api/provider-params';
import { keyParamError, parseQuery } from './query';

const parseCurrent = (query: string) =>
  parseQuery(endpointSchemas.current, new URLSearchParams(query));

describe('current parameters', () => {
  it('accepts a point with units, language and add-ons, as numbers', () => {
    const result = parseCurrent('lat=35.78&lon=-78.64&units=I&lang=de&include=minutely,alerts');
    expect(result).toEqual({
      ok: true,
      value: { lat: 35.78, lon: -78.64, units: 'I', lang: 'de', include: 'minutely,alerts' },
    });
  });

  it('accepts the other location methods', () => {
    expect(parseCurrent('city=Raleigh,NC').ok).toBe(true);
    expect(parseCurrent('postal_code=27601&country=US').ok).toBe(true);
    expect(parseCurrent('station=KRDU').ok).toBe(true);
    expect(parseCurrent('lat=1&lon=2&points=(35.5,-78.6),(36,-79)').ok).toBe(true);
  });

  it.each([
    ['lat=91&lon=0', 'Invalid lat: must be a number from -90 to 90'],
    ['lat=abc&lon=0', 'Invalid lat: must be a number from -90 to 90'],
    ['lat=&lon=0', 'Invalid lat: must be a number from -90 to 90'],
    ['lat=0&lon=-180.5', 'Invalid lon: must be a number from -180 to 180'],
    ['lat=10', 'Missing parameter "lon": lat and lon must be given together'],
    ['lon=10', 'Missing parameter "lat": lat and lon must be given together'],
    ['', 'Missing location: give lat and lon, city, postal_code, or station'],
    [
      'lat=1&lon=1&city=Paris',
      'Invalid location: give one location method only, not lat/lon and city',
    ],
    ['lat=1&lon=1&country=US', 'Invalid country: it is only used with city or postal_code'],
    ['city=Paris&country=FRA', 'Invalid country: must be a 2-letter country code'],
    ['lat=1&lon=1&units=X', 'Invalid units: must be one of M, S, I'],
    ['lat=1&lon=1&lang=xx', 'Invalid lang: must be one of'],
    [
      'lat=1&lon=1&include=hourly',
      'Invalid include: must be a comma-separated list of minutely, alerts, lightning',
    ],
    [
      'lat=1&lon=1&points=1,2',
      'Invalid points: must be a comma-separated list of (lat, lon) pairs',
    ],
    ['lat=1&lon=1&foo=bar', 'Unknown parameter "foo": not part of this endpoint'],
    ['lat=1&lon=1&lat=2', 'Parameter "lat" is given more than once'],
    ['lat=1&lon=1&key=abc', keyParamError],
  ])('refuses %s', (query, message) => {
    const result = parseCurrent(query);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.startsWith(message)).toBe(true);
  });
});

describe('alerts parameters', () => {
  it('takes a location only', () => {
    expect(parseQuery(endpointSchemas.alerts, new URLSearchParams('lat=1&lon=2')).ok).toBe(true);
    const withUnits = parseQuery(
      endpointSchemas.alerts,
      new URLSearchParams('lat=1&lon=2&units=M'),
    );
    expect(withUnits).toEqual({
      ok: false,
      error: 'Unknown parameter "units": not part of this endpoint',
    });
  });
});

describe('ranges from the provider-parameter table', () => {
  const parse = (endpoint: EndpointPath, query: string) =>
    parseQuery(endpointSchemas[endpoint], new URLSearchParams(query));

  it.each([
    ['current/lightning', 'search_distance_km', providerRanges.search_distance_km],
    ['current/lightning', 'search_mins', providerRanges.search_mins],
    ['history/lightning', 'limit', providerRanges.limit],
    ['forecast/daily', 'days', providerRanges.days],
    ['forecast/airquality', 'hours', providerRanges.hours],
  ] as const)('%s takes %s at its ends and refuses it one past them', (endpoint, name, range) => {
    const base = `lat=1&lon=2${endpoint === 'history/lightning' ? '&date=2025-01-01' : ''}`;
    expect(parse(endpoint, `${base}&${name}=${range.min}`).ok).toBe(true);
    expect(parse(endpoint, `${base}&${name}=${range.max}`).ok).toBe(true);
    for (const value of [range.min - 1, range.max + 1, range.min + 0.5])
      expect(parse(endpoint, `${base}&${name}=${value}`)).toEqual({
        ok: false,
        error: `Invalid ${name}: must be ${rangeText(range)}`,
      });
  });

  it('reads the degree-day threshold in the request unit system', () => {
    const energy = (query: string) => parse('forecast/energy', `lat=1&lon=2&${query}`);
    expect(energy('threshold=150&units=I').ok).toBe(true);
    expect(energy('threshold=150')).toEqual({
      ok: false,
      error: 'Invalid threshold: must be a number from -100 to 100 °C with units=M',
    });
    expect(energy('threshold=250&units=I')).toEqual({
      ok: false,
      error: 'Invalid threshold: must be a number from -148 to 212 °F with units=I',
    });
    expect(energy('threshold=warm')).toEqual({
      ok: false,
      error:
        'Invalid threshold: must be a number from -100 to 100 °C (-148 to 212 °F with units=I)',
    });
  });
});
