import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { endpointPaths } from '../shared/api/endpoints';
import { seededRandom } from '../simulator/world/random';
import { createApp } from './app';
import { loadConfig } from './config';
import { createLogger } from './log';

/**
 * Every route refuses bad input with a 400 whose message names the parameter, and no input at
 * all makes a 500. The BFF runs in demo mode on the embedded simulator.
 */
const instance = createApp({
  config: loadConfig({
    SIMULATOR_NOW: '2026-07-15T18:20:00Z',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'skydeck-validation-')),
    STATIC_DIR: join(tmpdir(), 'skydeck-no-build'),
    CLIENT_RATE_LIMIT: '0',
    QUOTA_CONFIRM_UNITS: '100000',
  }),
  logger: createLogger([], () => undefined),
  clock: () => Date.parse('2026-07-15T18:20:00Z'),
});
afterAll(() => instance.close());

const get = (path: string) => instance.app.request(`/api/${path}`);
const point = 'lat=35.78&lon=-78.64';
const month = `${point}&start_date=2026-06-01&end_date=2026-06-11`;

/** A valid query per route; each bad case breaks one thing in it. */
const valid: Record<string, string> = {
  current: point,
  alerts: point,
  'current/lightning': point,
  'history/lightning': `${point}&date=2026-07-01`,
  'forecast/daily': point,
  'forecast/minutely': point,
  'forecast/airquality': point,
  'history/airquality': point,
  'history/hourly': month,
  'history/daily': month,
  'forecast/energy': point,
};

const badCases: [route: string, query: string, parameter: string][] = [
  ...endpointPaths.flatMap((route): [string, string, string][] => [
    [route, `${valid[route]}&key=abc`, 'key'],
    [route, `${valid[route]}&bogus=1`, 'bogus'],
    [route, valid[route]!.replace('lat=35.78', 'lat=91'), 'lat'],
    [route, valid[route]!.replace('lon=-78.64', 'lon=-181'), 'lon'],
    [route, valid[route]!.replace('lat=35.78', 'lat=north'), 'lat'],
    [route, valid[route]!.replace('&lon=-78.64', ''), 'lon'],
    [route, `${valid[route]}&lat=1`, 'lat'],
  ]),
  ['current', `${point}&units=K`, 'units'],
  ['current', `${point}&lang=xx`, 'lang'],
  ['current', `${point}&include=hourly`, 'include'],
  ['current', 'points=(1,2)x', 'points'],
  ['current', `${point}&city=Paris`, 'location'],
  ['current', 'country=US', 'location'],
  ['alerts', `${point}&units=M`, 'units'],
  ['current/lightning', `${point}&search_distance_km=76`, 'search_distance_km'],
  ['current/lightning', `${point}&search_mins=46`, 'search_mins'],
  ['current/lightning', `${point}&limit=2501`, 'limit'],
  ['current/lightning', `${point}&skip=-1`, 'skip'],
  ['current/lightning', `${point}&sort=near`, 'sort'],
  ['current/lightning', `${point}&output_type=xml`, 'output_type'],
  ['history/lightning', point, 'date'],
  ['history/lightning', `${point}&date=2024-08-14`, 'date'],
  ['history/lightning', `${point}&date=2026-02-30`, 'date'],
  ['history/lightning', `${point}&date=2026-07-01:05`, 'date'],
  ['history/lightning', `${point}&date=2027-01-01`, 'date'],
  ['history/lightning', `${point}&date=2026-07-01&tz=gmt`, 'tz'],
  ['forecast/daily', `${point}&days=0`, 'days'],
  ['forecast/daily', `${point}&days=17`, 'days'],
  ['forecast/daily', `${point}&days=2.5`, 'days'],
  ['forecast/airquality', `${point}&hours=73`, 'hours'],
  ['history/airquality', `${point}&start_date=2026-06-01`, 'end_date'],
  ['history/hourly', point, 'start_date'],
  ['history/hourly', `${point}&start_date=2026-06-01`, 'end_date'],
  ['history/hourly', `${point}&start_date=2026-13-01&end_date=2026-06-02`, 'start_date'],
  ['history/hourly', `${point}&start_date=2026-06-10&end_date=2026-06-01`, 'end_date'],
  ['history/hourly', `${point}&start_date=2026-05-01&end_date=2026-06-02`, 'end_date'],
  ['history/hourly', `${point}&start_date=2027-06-01&end_date=2027-06-02`, 'start_date'],
  ['history/hourly', `${month}&tz=gmt`, 'tz'],
  ['history/hourly', 'city=Paris&start_date=2026-06-01&end_date=2026-06-02', 'country'],
  ['history/hourly', `${month}&station=KRDU`, 'location'],
  ['history/daily', `${point}&start_date=2025-01-01&end_date=2026-06-01`, 'end_date'],
  ['history/daily', `${month}&tz=utc`, 'tz'],
  ['history/daily', `${month}&confirm_units=lots`, 'confirm_units'],
  ['forecast/energy', `${point}&tp=weekly`, 'tp'],
  ['forecast/energy', `${point}&threshold=warm`, 'threshold'],
  ['forecast/energy', 'city=Raleigh,NC', 'city'],
  ['forecast/energy', 'units=M', 'lat'],
];

describe('every route refuses bad input with a 400 naming the parameter', () => {
  it.each(endpointPaths)('%s accepts its valid query', async (route) => {
    expect((await get(`${route}?${valid[route]}`)).status).toBe(200);
  });

  it.each(badCases)('%s?%s names %s', async (route, query, parameter) => {
    const response = await get(`${route}?${query}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string };
    expect(body.error).toContain(parameter);
  });
});

describe('no input makes a 500', () => {
  const names = [
    'lat',
    'lon',
    'city',
    'country',
    'postal_code',
    'station',
    'units',
    'lang',
    'days',
    'hours',
    'date',
    'start_date',
    'end_date',
    'tz',
    'limit',
    'skip',
    'sort',
    'include',
    'points',
    'threshold',
    'tp',
    'search_mins',
    'search_distance_km',
    'output_type',
    'confirm_units',
  ];
  const junk = [
    '',
    ' ',
    '-1',
    '1e309',
    'NaN',
    '0x10',
    '99999999999999999999',
    '35.78',
    '-78.64',
    'M',
    'I',
    '2026-07-01',
    '2026-07-01:25',
    '(1,2)',
    '%00',
    'ü',
    '\u202e',
    'a'.repeat(5000),
  ];
  it.each(endpointPaths)('%s answers 200 junk queries below 500', async (route) => {
    const random = seededRandom(route.length * 7919);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
    for (let i = 0; i < 200; i++) {
      const params = new URLSearchParams(valid[route]);
      for (let n = 0; n < 1 + Math.floor(random() * 3); n++) params.set(pick(names), pick(junk));
      const response = await get(`${route}?${params}`);
      expect(response.status, `${route}?${params}`.slice(0, 300)).toBeLessThan(500);
    }
  });
});
