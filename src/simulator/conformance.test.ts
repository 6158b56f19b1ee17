import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { airQualitySchema } from '../shared/weather/air-quality-schema';
import { alertsResponseSchema } from '../shared/weather/alert-schema';
import { currentResponseSchema } from '../shared/weather/current-schema';
import { dailyForecastSchema } from '../shared/weather/daily-forecast-schema';
import { energyForecastSchema } from '../shared/weather/energy-schema';
import { historyDailySchema, historyHourlySchema } from '../shared/weather/history-schema';
import { lightningGeoJsonSchema, lightningSchema } from '../shared/weather/lightning-schema';
import { minutelyForecastSchema } from '../shared/weather/minutely-schema';
import { usageSchema } from './api/usage-schema';
import { createSimulator } from './app';

/**
 * Every endpoint, for places in both hemispheres, on both sides of the date line, in polar day
 * and polar night, in every unit system: each answer must parse with the contract's schema.
 */
const now = Date.parse('2026-07-15T18:20:00Z') / 1000;
// Each request in its own second: these tests are not about the velocity limit.
let velocityMillis = 0;
const simulator = createSimulator({
  now: () => now,
  velocityClock: () => (velocityMillis += 1000),
});

const places = [
  ['Raleigh', 35.78, -78.64],
  ['Tokyo', 35.68, 139.69],
  ['Sydney', -33.87, 151.21],
  ['Suva, west of the date line', -18.14, 178.44],
  ['Apia, east of the date line', -13.83, -171.76],
  ['Longyearbyen in polar day', 78.22, 15.65],
  ['McMurdo in polar night', -77.85, 166.67],
  ['the open Pacific', 0, -140],
  ['the South Pole', -89.99, 0],
] as const;

async function get<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S>> {
  const response = await simulator.app.request(`/v2.0/${path}&key=demo-enterprise`);
  const body: unknown = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  return schema.parse(body);
}

describe.each(places)('%s', (_name, lat, lon) => {
  const at = `lat=${lat}&lon=${lon}`;

  it.each(['M', 'S', 'I'])('current with every add-on, units %s', async (units) => {
    const body = await get(
      `current?${at}&units=${units}&include=minutely,alerts,lightning`,
      currentResponseSchema,
    );
    expect(body.data).toHaveLength(1);
    expect(body.minutely).toHaveLength(60);
    expect(body.alerts).toBeDefined();
    expect(body.lightning).toBeDefined();
  });

  it('alerts', async () => {
    await get(`alerts?${at}`, alertsResponseSchema);
  });

  it.each(['M', 'S', 'I'])('forecast/daily, units %s: 16 local days from today', async (units) => {
    const body = await get(`forecast/daily?${at}&units=${units}`, dailyForecastSchema);
    expect(body.data).toHaveLength(16);
    const dates = body.data.map((day) => day.valid_date);
    expect(new Set(dates).size).toBe(16);
  });

  it.each(['M', 'I'])('forecast/minutely, units %s: 60 minutes', async (units) => {
    const body = await get(`forecast/minutely?${at}&units=${units}`, minutelyForecastSchema);
    expect(body.data).toHaveLength(60);
    expect(body.data[1]!.ts - body.data[0]!.ts).toBe(60);
  });

  it('forecast/airquality: 72 hours, and `hours` trims it', async () => {
    expect((await get(`forecast/airquality?${at}`, airQualitySchema)).data).toHaveLength(72);
    expect((await get(`forecast/airquality?${at}&hours=5`, airQualitySchema)).data).toHaveLength(5);
  });

  it('history/airquality: the past 72 hours', async () => {
    const body = await get(`history/airquality?${at}`, airQualitySchema);
    expect(body.data).toHaveLength(72);
    expect(body.data[71]!.ts).toBeLessThan(now);
  });

  it.each(['M', 'S', 'I'])('history/hourly, units %s: one record an hour', async (units) => {
    const body = await get(
      `history/hourly?${at}&start_date=2026-07-01&end_date=2026-07-03&units=${units}`,
      historyHourlySchema,
    );
    expect(body.data).toHaveLength(48);
  });

  it.each(['M', 'I'])('history/daily, units %s: one record a day', async (units) => {
    const body = await get(
      `history/daily?${at}&start_date=2026-06-01&end_date=2026-06-21&units=${units}`,
      historyDailySchema,
    );
    expect(body.data).toHaveLength(20);
  });

  it.each([
    ['daily', 8],
    ['hourly', 8 * 24],
  ] as const)('forecast/energy tp=%s: %i periods', async (tp, periods) => {
    const body = await get(`forecast/energy?${at}&tp=${tp}`, energyForecastSchema);
    // Local days vary by an hour across a daylight-saving change.
    expect(Math.abs(body.data.length - periods)).toBeLessThanOrEqual(1);
  });

  it('current/lightning and history/lightning, as JSON and GeoJSON', async () => {
    await get(
      `current/lightning?${at}&search_distance_km=75&search_mins=45&limit=50`,
      lightningSchema,
    );
    await get(`current/lightning?${at}&output_type=geojson`, lightningGeoJsonSchema);
    await get(`history/lightning?${at}&date=2026-07-14&limit=50`, lightningSchema);
    await get(
      `history/lightning?${at}&date=2026-07-14&output_type=geojson&tz=utc`,
      lightningGeoJsonSchema,
    );
  });
});

describe('other location methods', () => {
  it.each([
    ['city=Raleigh,NC', 'Raleigh'],
    ['city=Paris&country=FR', 'Paris'],
    ['postal_code=27601&country=US', 'Raleigh'],
    ['postal_code=M5V%203L9&country=CA', 'Toronto'],
  ])('%s names %s', async (query, city) => {
    const body = await get(`current?${query}`, currentResponseSchema);
    expect(body.data[0]?.city_name).toBe(city);
  });

  it('places a station call id at its airport', async () => {
    const body = await get('current?station=KRDU', currentResponseSchema);
    // Raleigh-Durham International Airport, OurAirports: 35.8776, -78.7875.
    expect(body.data[0]?.lat).toBeCloseTo(35.8776, 3);
    expect(body.data[0]?.lon).toBeCloseTo(-78.7875, 3);
    expect(body.data[0]?.station).toBe('KRDU');
  });

  it('answers every point of `points`', async () => {
    const body = await get(
      'current?points=(35.78,-78.64),(40.71,-74.01),(51.5,-0.12)',
      currentResponseSchema,
    );
    expect(body.count).toBe(3);
    expect(body.data.map((observation) => observation.city_name)).toEqual([
      'Raleigh',
      'New York City',
      'London',
    ]);
  });
});

describe('documented quirks', () => {
  it('sends forecast coordinates as numeric strings', async () => {
    const response = await simulator.app.request(
      '/v2.0/forecast/daily?lat=35.78&lon=-78.64&key=demo-business',
    );
    const body = (await response.json()) as { lat: unknown; lon: unknown };
    expect(body.lat).toBe('35.78');
    expect(body.lon).toBe('-78.64');
  });

  it('keeps deprecated fields: station_id, hourly datetime, precip_gpm', async () => {
    const hourly = await get(
      'history/hourly?lat=35.78&lon=-78.64&start_date=2026-07-01&end_date=2026-07-02',
      historyHourlySchema,
    );
    expect(hourly.station_id).toBeTruthy();
    expect(hourly.data[0]?.datetime).toBe('2026-07-01:00');
    const daily = await get(
      'history/daily?lat=35.78&lon=-78.64&start_date=2026-07-01&end_date=2026-07-02',
      historyDailySchema,
    );
    expect(daily.data[0]?.precip_gpm).toBe(daily.data[0]?.precip);
  });

  it('capitalises daily forecast descriptions', async () => {
    const body = await get('forecast/daily?lat=35.78&lon=-78.64', dailyForecastSchema);
    for (const day of body.data) {
      for (const word of day.weather.description.split(/[\s/]+/))
        expect(word[0]).toBe(word[0]?.toUpperCase());
    }
  });

  it('sends threshold_value as a string', async () => {
    const response = await simulator.app.request(
      '/v2.0/forecast/energy?lat=35.78&lon=-78.64&threshold=20&key=demo-business',
    );
    expect(((await response.json()) as { threshold_value: unknown }).threshold_value).toBe('20');
  });

  it('follows lang for descriptions and compass names', async () => {
    const [english, german] = await Promise.all(
      ['en', 'de'].map((lang) =>
        get(`current?lat=35.78&lon=-78.64&lang=${lang}`, currentResponseSchema),
      ),
    );
    expect(german!.data[0]?.weather.code).toBe(english!.data[0]?.weather.code);
    expect(german!.data[0]?.wind_cdir_full).not.toBe(english!.data[0]?.wind_cdir_full);
  });

  it('reads usage with its counts as strings', async () => {
    const response = await simulator.app.request('/v2.0/subscription/usage?key=demo-business');
    const usage = usageSchema.parse(await response.json());
    expect(Number(usage.calls_count)).toBeGreaterThanOrEqual(0);
  });
});

describe('no data', () => {
  it.each(['forecast/daily', 'forecast/minutely', 'forecast/airquality'])(
    '%s answers an unknown place with 204 and no body, as the service does',
    async (endpoint) => {
      const response = await simulator.app.request(
        `/v2.0/${endpoint}?city=Nowhereville%20Upon%20Nothing&key=demo-business`,
      );
      expect(response.status).toBe(204);
      expect(await response.text()).toBe('');
    },
  );

  it('while current answers it with 400', async () => {
    const response = await simulator.app.request(
      '/v2.0/current?city=Nowhereville%20Upon%20Nothing&key=demo-business',
    );
    expect(response.status).toBe(400);
  });
});
