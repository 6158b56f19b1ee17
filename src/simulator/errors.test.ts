import { describe, expect, it } from 'vitest';
import { createSimulator } from './app';
import { seededRandom } from './world/random';
import { createWorld } from './world/world';

/**
 * Bad inputs for every endpoint of the simulated Weather Data Service: each must be answered
 * 400 with a message that names the offending parameter, and no input at all may crash the
 * service into a 500.
 */

const now = Date.parse('2026-07-15T18:20:00Z') / 1000;
const world = createWorld();

/** A simulator whose velocity clock moves a second a call, so no test trips the per-second limit. */
function simulator() {
  let millis = 0;
  return createSimulator({ now: () => now, world, velocityClock: () => (millis += 1000) });
}

const endpoints = [
  'current',
  'alerts',
  'current/lightning',
  'history/lightning',
  'forecast/daily',
  'forecast/minutely',
  'forecast/airquality',
  'history/airquality',
  'history/hourly',
  'history/daily',
  'forecast/energy',
] as const;
type Endpoint = (typeof endpoints)[number];

const raleigh = { lat: '35.78', lon: '-78.64' };

/** A query each endpoint answers 200, so each bad case below changes exactly one thing. */
const validQuery: Record<Endpoint, Record<string, string>> = {
  current: raleigh,
  alerts: raleigh,
  'current/lightning': raleigh,
  'history/lightning': { ...raleigh, date: '2026-07-10' },
  'forecast/daily': raleigh,
  'forecast/minutely': raleigh,
  'forecast/airquality': raleigh,
  'history/airquality': { ...raleigh, start_date: '2026-07-10', end_date: '2026-07-12' },
  'history/hourly': { ...raleigh, start_date: '2026-07-01', end_date: '2026-07-11' },
  'history/daily': { ...raleigh, start_date: '2026-06-01', end_date: '2026-07-01' },
  'forecast/energy': raleigh,
};

/** `null` removes a parameter of the valid query; a list repeats the parameter. */
type Overrides = Record<string, string | string[] | null>;

function queryFor(endpoint: Endpoint, overrides: Overrides, key = 'demo-business'): string {
  const params = new URLSearchParams();
  const merged: Overrides = { ...validQuery[endpoint], ...overrides };
  for (const [name, value] of Object.entries(merged)) {
    if (value === null) continue;
    for (const single of Array.isArray(value) ? value : [value]) params.append(name, single);
  }
  params.append('key', key);
  return `${endpoint}?${params}`;
}

async function errorOf(response: Response): Promise<string> {
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  const body = (await response.json()) as { error?: unknown };
  expect(typeof body.error).toBe('string');
  return body.error as string;
}

/** [endpoint, what is wrong, the change to the valid query, the parameter the message names] */
type BadCase = [Endpoint, string, Overrides, string];

const pointEndpoints = ['current/lightning', 'history/lightning', 'forecast/energy'] as const;
const historyRanges = ['history/hourly', 'history/daily', 'history/airquality'] as const;
const withUnits = [
  'current',
  'forecast/daily',
  'forecast/minutely',
  'history/hourly',
  'history/daily',
  'forecast/energy',
] as const;
const withLang = ['current', 'forecast/daily', 'history/hourly'] as const;
const lightning = ['current/lightning', 'history/lightning'] as const;

const hundredAndOnePoints = Array.from({ length: 101 }, (_, i) => `(${i % 90},${i})`).join(',');

const badCases: BadCase[] = [
  // Coordinates, on every endpoint.
  ...endpoints.flatMap((endpoint): BadCase[] => [
    [endpoint, 'lat over 90', { lat: '91' }, 'lat'],
    [endpoint, 'lat under -90', { lat: '-90.5' }, 'lat'],
    [endpoint, 'lat not a number', { lat: 'north' }, 'lat'],
    [endpoint, 'lat empty', { lat: '' }, 'lat'],
    [endpoint, 'lat NaN', { lat: 'NaN' }, 'lat'],
    [endpoint, 'lon over 180', { lon: '181' }, 'lon'],
    [endpoint, 'lon under -180', { lon: '-180.01' }, 'lon'],
    [endpoint, 'lon Infinity', { lon: 'Infinity' }, 'lon'],
  ]),
  // lat/lon are required where the endpoint takes a point only.
  ...pointEndpoints.flatMap((endpoint): BadCase[] => [
    [endpoint, 'no lat and no lon', { lat: null, lon: null }, 'lat'],
    [endpoint, 'lat without lon', { lon: null }, 'lon'],
    [endpoint, 'a city instead of lat/lon', { lat: null, lon: null, city: 'Raleigh,NC' }, 'lat'],
  ]),
  // History takes exactly one location method.
  ...historyRanges.flatMap((endpoint): BadCase[] => [
    [endpoint, 'no location at all', { lat: null, lon: null }, 'lat'],
    [endpoint, 'lat/lon and a city', { city: 'Raleigh,NC' }, 'city'],
    [endpoint, 'lat/lon and a postal code', { postal_code: '27601' }, 'postal_code'],
    [endpoint, 'lat/lon and a station', { station: 'KRDU' }, 'station'],
    [endpoint, 'a malformed month', { start_date: '2026-13-01' }, 'start_date'],
    [endpoint, 'a day February lacks', { end_date: '2026-02-30' }, 'end_date'],
    [endpoint, 'hour 24', { start_date: '2026-07-01:24' }, 'start_date'],
    [endpoint, 'a date without dashes', { end_date: '20260711' }, 'end_date'],
    [endpoint, 'a date with words', { start_date: 'yesterday' }, 'start_date'],
    [endpoint, 'no end_date', { end_date: null }, 'end_date'],
    [endpoint, 'an empty start_date', { start_date: '' }, 'start_date'],
    [
      endpoint,
      'end before start',
      { start_date: '2026-07-05', end_date: '2026-07-01' },
      'end_date',
    ],
    [
      endpoint,
      'end equal to start',
      { start_date: '2026-07-05', end_date: '2026-07-05' },
      'end_date',
    ],
    [
      endpoint,
      'a start in the future',
      { start_date: '2026-07-16', end_date: '2026-07-17' },
      'start_date',
    ],
    [
      endpoint,
      'an end after tomorrow',
      { start_date: '2026-07-14', end_date: '2026-07-20' },
      'end_date',
    ],
  ]),
  ['history/hourly', 'no start_date', { start_date: null }, 'start_date'],
  [
    'history/hourly',
    'a range of 32 days',
    { start_date: '2026-06-01', end_date: '2026-07-03' },
    'end_date',
  ],
  [
    'history/daily',
    'a range of 367 days',
    { start_date: '2025-07-01', end_date: '2026-07-03' },
    'end_date',
  ],
  [
    'history/airquality',
    'a range of 32 days',
    { start_date: '2026-06-01', end_date: '2026-07-03' },
    'end_date',
  ],
  [
    'history/airquality',
    'a start before the data',
    { start_date: '2022-01-12', end_date: '2022-01-14' },
    'start_date',
  ],
  ['history/hourly', 'an unknown tz', { tz: 'gmt' }, 'tz'],
  ['history/airquality', 'an unknown tz', { tz: 'Europe/Paris' }, 'tz'],
  // Lightning.
  ...lightning.flatMap((endpoint): BadCase[] => [
    [endpoint, 'search_distance_km over 75', { search_distance_km: '76' }, 'search_distance_km'],
    [endpoint, 'search_distance_km 0', { search_distance_km: '0' }, 'search_distance_km'],
    [
      endpoint,
      'search_distance_km a fraction',
      { search_distance_km: '20.5' },
      'search_distance_km',
    ],
    [endpoint, 'search_distance_km words', { search_distance_km: 'far' }, 'search_distance_km'],
    [endpoint, 'limit over 2500', { limit: '2501' }, 'limit'],
    [endpoint, 'limit 0', { limit: '0' }, 'limit'],
    [endpoint, 'limit empty', { limit: '' }, 'limit'],
    [endpoint, 'skip negative', { skip: '-1' }, 'skip'],
    [endpoint, 'an unknown sort', { sort: 'nearest' }, 'sort'],
    [endpoint, 'an unknown output_type', { output_type: 'xml' }, 'output_type'],
  ]),
  ['current/lightning', 'search_mins over 45', { search_mins: '46' }, 'search_mins'],
  ['current/lightning', 'search_mins 0', { search_mins: '0' }, 'search_mins'],
  ['current/lightning', 'search_mins huge', { search_mins: '1e400' }, 'search_mins'],
  ['history/lightning', 'no date', { date: null }, 'date'],
  ['history/lightning', 'a malformed month', { date: '2026-13-01' }, 'date'],
  ['history/lightning', 'a day February lacks', { date: '2026-02-30' }, 'date'],
  ['history/lightning', 'a date with an hour', { date: '2026-07-10:05' }, 'date'],
  ['history/lightning', 'a date before 2024-08-15', { date: '2024-08-14' }, 'date'],
  ['history/lightning', 'a date in the future', { date: '2026-07-17' }, 'date'],
  ['history/lightning', 'an unknown tz', { tz: 'gmt' }, 'tz'],
  // Units and language.
  ...withUnits.map((endpoint): BadCase => [endpoint, 'an unknown units', { units: 'K' }, 'units']),
  ...withUnits.map((endpoint): BadCase => [endpoint, 'empty units', { units: '' }, 'units']),
  ...withLang.map((endpoint): BadCase => [endpoint, 'an unknown lang', { lang: 'xx' }, 'lang']),
  ...withLang.map((endpoint): BadCase => [endpoint, 'lang zh-cn', { lang: 'zh-cn' }, 'lang']),
  // current's add-ons and points.
  ['current', 'an unknown include', { include: 'hourly' }, 'include'],
  ['current', 'one unknown include among good ones', { include: 'minutely,radar' }, 'include'],
  ['current', 'an empty points', { points: '' }, 'points'],
  ['current', 'points without parentheses', { points: '35,-78' }, 'points'],
  ['current', 'an unclosed point', { points: '(35,-78' }, 'points'],
  ['current', 'points with junk between', { points: '(35,-78),x,(36,-79)' }, 'points'],
  ['current', 'a point with three numbers', { points: '(35,-78,1)' }, 'points'],
  ['current', 'more than 100 points', { points: hundredAndOnePoints }, 'points'],
  ['current', 'a point with lat out of range', { points: '(91,0)' }, 'lat'],
  ['current', 'a point with lon out of range', { points: '(0,-181)' }, 'lon'],
  ['current', 'a point that is not a number', { points: '(1.2.3,4)' }, 'lat'],
  // Forecast sizes.
  ['forecast/daily', 'days 0', { days: '0' }, 'days'],
  ['forecast/daily', 'days 17', { days: '17' }, 'days'],
  ['forecast/daily', 'days a fraction', { days: '2.5' }, 'days'],
  ['forecast/daily', 'days words', { days: 'week' }, 'days'],
  ['forecast/airquality', 'hours 73', { hours: '73' }, 'hours'],
  ['forecast/airquality', 'hours 0', { hours: '0' }, 'hours'],
  ['forecast/airquality', 'hours negative', { hours: '-5' }, 'hours'],
  // Energy.
  ['forecast/energy', 'an unknown tp', { tp: 'weekly' }, 'tp'],
  ['forecast/energy', 'a threshold that is not a number', { threshold: 'warm' }, 'threshold'],
  ['forecast/energy', 'a threshold over 100 C', { threshold: '101' }, 'threshold'],
  ['forecast/energy', 'a threshold over 212 F', { threshold: '213', units: 'I' }, 'threshold'],
];

describe('the valid queries the table starts from', () => {
  const sim = simulator();
  it.each(endpoints)('%s answers 200', async (endpoint) => {
    const response = await sim.app.request(`/v2.0/${queryFor(endpoint, {})}`);
    expect(response.status).toBe(200);
  });
});

describe('400 for bad inputs, naming the parameter', () => {
  const sim = simulator();
  it.each(badCases)('%s: %s', async (endpoint, _what, overrides, parameter) => {
    const response = await sim.app.request(`/v2.0/${queryFor(endpoint, overrides)}`);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toContain(parameter);
  });

  it('does not charge the quota for a refused request', async () => {
    const read = async () =>
      (await (await sim.app.request('/v2.0/subscription/usage?key=demo-plus')).json()) as {
        calls_count: string;
      };
    const before = (await read()).calls_count;
    const refused = await sim.app.request(
      `/v2.0/${queryFor('current', { lat: '95' }, 'demo-plus')}`,
    );
    expect(refused.status).toBe(400);
    expect((await read()).calls_count).toBe(before);
  });
});

describe('400 with the service texts where the reference gives them', () => {
  const sim = simulator();
  const locationEndpoints = [
    'current',
    'alerts',
    'forecast/daily',
    'forecast/minutely',
    'forecast/airquality',
  ] as const;
  it.each(locationEndpoints)('%s without any location', async (endpoint) => {
    const response = await sim.app.request(`/v2.0/${queryFor(endpoint, { lat: null, lon: null })}`);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe('Invalid Parameters supplied.');
  });

  it.each(locationEndpoints)('%s with lat but no lon', async (endpoint) => {
    const response = await sim.app.request(`/v2.0/${queryFor(endpoint, { lon: null })}`);
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe('Invalid Parameters supplied.');
  });

  it('current for a city nobody has heard of', async () => {
    const response = await sim.app.request(
      `/v2.0/${queryFor('current', { lat: null, lon: null, city: 'Nowhereville Upon Nothing' })}`,
    );
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toBe('No Location Found. Try lat/lon.');
  });
});

describe('dates before 1970', () => {
  const sim = simulator();
  // Date.UTC would read the year 70 as 1970; the parser must take it as written.
  it('refuses a start_date in the year 70 instead of reading it as 1970', async () => {
    const response = await sim.app.request(
      `/v2.0/${queryFor('history/daily', { start_date: '0070-07-01', end_date: '0070-07-11' })}`,
    );
    expect(response.status).toBe(400);
    expect(await errorOf(response)).toContain('start_date');
  });
});

describe('403 for keys and 404 for paths', () => {
  const sim = simulator();
  it.each(endpoints)('%s without a key', async (endpoint) => {
    const response = await sim.app.request(`/v2.0/${endpoint}?lat=35.78&lon=-78.64`);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'API key is required.' });
  });

  it.each(endpoints)('%s with an empty key', async (endpoint) => {
    const response = await sim.app.request(`/v2.0/${endpoint}?lat=35.78&lon=-78.64&key=`);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'API key is required.' });
  });

  it.each(endpoints)('%s with an unknown key', async (endpoint) => {
    const response = await sim.app.request(`/v2.0/${endpoint}?lat=35.78&lon=-78.64&key=demo-gold`);
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: 'API key not valid, or not yet activated.' });
  });

  it('checks the key before the parameters', async () => {
    const response = await sim.app.request('/v2.0/current?lat=999&key=nope');
    expect(response.status).toBe(403);
  });

  it.each(['forecast/hourly', 'current/', 'history', 'v3/current', 'CURRENT'])(
    'answers the unknown path %s with a JSON 404',
    async (path) => {
      const response = await sim.app.request(
        `/v2.0/${path}?lat=35.78&lon=-78.64&key=demo-business`,
      );
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await response.json()).toEqual({ error: 'Invalid endpoint.' });
    },
  );

  it('answers a path outside /v2.0 with a JSON 404', async () => {
    const response = await sim.app.request('/v1.0/current?lat=35.78&lon=-78.64&key=demo-business');
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: 'Invalid endpoint.' });
  });
});

// ---------------------------------------------------------------------------------------------
// Never a 500: deterministic pseudo-random garbage against every endpoint.

const parameterNames = (
  'lat lon city postal_code country station units lang include points limit skip ' +
  'search_distance_km search_mins sort output_type date tz days hours start_date end_date ' +
  'threshold tp key'
).split(' ');

/** Values that are encoded before they go into the query string. */
const junkValues = [
  '',
  ' ',
  '0',
  '-0',
  '-1',
  '1.5',
  '91',
  '-181',
  '2501',
  '1e308',
  '1e309',
  '-1e309',
  '9'.repeat(400),
  'NaN',
  'Infinity',
  '-Infinity',
  '0x1F',
  '1_000',
  '٣٥',
  '日本語',
  '東京',
  '💥🌩️',
  'Zürich',
  'é'.repeat(3000),
  'a'.repeat(10_000),
  '\u0000',
  '\uFFFF',
  '(1,2)',
  '(((((',
  '(1e400,2)',
  '(NaN,NaN)',
  '(-0,-0),(90,180),(-90,-180)',
  '2026-02-30',
  '2026-07-15:99',
  '9999-12-31',
  '0000-00-00',
  '0001-01-01',
  '1969-12-31',
  '2026-07-10',
  '2026-07-15:18',
  '2024-08-15',
  'null',
  'undefined',
  '[]',
  '{}',
  'true',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '../../etc/passwd',
  '\\',
  'utc',
  'local',
  'geojson',
  'time',
  'hourly',
  'minutely,alerts,lightning',
  ',,,',
  'M',
  'i',
  'zh-tw',
  'Raleigh,NC',
  ',',
  '27601',
  'KJFK',
  'US',
  'CA',
  'demo-free',
];

/** Fragments put into the query string as they are: broken escapes and separators. */
const rawFragments = ['%', '%zz', '%ED%A0%80', '%E0%A4%A', '%00', '&', '==', '+', '%2B', '%26'];

/**
 * A query of junk parameters on top of a base: the endpoint's whole valid query (so the junk
 * reaches past the location and date checks), only a point, or nothing.
 */
function garbageQuery(endpoint: Endpoint, random: () => number): string {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const base = random();
  const parts =
    base < 0.45
      ? Object.entries(validQuery[endpoint]).map(([name, value]) => `${name}=${value}`)
      : base < 0.75
        ? ['lat=35.78', 'lon=-78.64']
        : [];
  const count = 1 + Math.floor(random() * 5);
  for (let i = 0; i < count; i++) {
    const name = pick(parameterNames);
    const repeats = random() < 0.15 ? 2 + Math.floor(random() * 3) : 1;
    for (let r = 0; r < repeats; r++) {
      const value = random() < 0.15 ? pick(rawFragments) : encodeURIComponent(pick(junkValues));
      parts.push(random() < 0.05 ? name : `${name}=${value}`);
    }
  }
  parts.push('key=demo-business');
  // Shuffle, so junk sometimes comes before the good value of the same name (get() reads the first).
  for (let i = parts.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [parts[i], parts[j]] = [parts[j] as string, parts[i] as string];
  }
  return parts.join('&');
}

const queryCount = 300;

describe('never a 500', () => {
  const sim = simulator();

  it.each(endpoints.map((endpoint, index) => [endpoint, index] as const))(
    `%s answers ${queryCount} garbage queries below 500, with a JSON body or a bodiless 204`,
    async (endpoint, index) => {
      const random = seededRandom(20260715 + index);
      const queries = Array.from({ length: queryCount }, () => garbageQuery(endpoint, random));
      expect(new Set(queries).size).toBeGreaterThan(queryCount * 0.95);
      const statuses = new Map<number, number>();
      for (const query of queries) {
        const response = await sim.app.request(`/v2.0/${endpoint}?${query}`);
        const context = `${endpoint}?${query.slice(0, 300)}`;
        expect(response.status, context).toBeLessThan(500);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        // A forecast for a place that does not exist is "no content", as the service answers it.
        if (response.status === 204) {
          expect(await response.text(), context).toBe('');
          continue;
        }
        expect(response.headers.get('content-type'), context).toMatch(/^application\/json/);
        const body: unknown = JSON.parse(await response.text());
        expect(typeof body, context).toBe('object');
        if (response.status !== 200) {
          expect(typeof (body as { error?: unknown }).error, context).toBe('string');
        }
      }
      // The junk must be refused, and some of it must still get through to an answer.
      expect(statuses.get(400)).toBeGreaterThan(0);
      expect(statuses.get(200)).toBeGreaterThan(0);
    },
  );
});
