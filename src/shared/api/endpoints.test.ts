import { describe, expect, it } from 'vitest';
import { alertsParamsSchema, currentParamsSchema } from './endpoints';
import { keyParamError, parseQuery } from './query';

const parseCurrent = (query: string) => parseQuery(currentParamsSchema, new URLSearchParams(query));

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
    ['lat=91&lon=0', 'Invalid lat: must be between -90 and 90'],
    ['lat=abc&lon=0', 'Invalid lat: must be a number between -90 and 90'],
    ['lat=&lon=0', 'Invalid lat: must be a number between -90 and 90'],
    ['lat=0&lon=-180.5', 'Invalid lon: must be between -180 and 180'],
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
    expect(parseQuery(alertsParamsSchema, new URLSearchParams('lat=1&lon=2')).ok).toBe(true);
    const withUnits = parseQuery(alertsParamsSchema, new URLSearchParams('lat=1&lon=2&units=M'));
    expect(withUnits).toEqual({
      ok: false,
      error: 'Unknown parameter "units": not part of this endpoint',
    });
  });
});
