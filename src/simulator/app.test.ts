import { describe, expect, it } from 'vitest';
import { alertsResponseSchema } from '../shared/weather/alert-schema';
import { currentResponseSchema } from '../shared/weather/current-schema';
import { createSimulator } from './app';
import { hazardsAt } from './world/hazards';
import { createWorld } from './world/world';

const now = Date.parse('2026-07-15T18:20:00Z') / 1000;
// Each request in its own second: these tests are not about the velocity limit.
let velocityMillis = 0;
const simulator = createSimulator({
  now: () => now,
  velocityClock: () => (velocityMillis += 1000),
});
const get = (path: string) => simulator.app.request(`/v2.0/${path}`);

const places = [
  ['Raleigh', 35.78, -78.64],
  ['Tokyo', 35.68, 139.69],
  ['Sydney', -33.87, 151.21],
  ['Suva, east of the date line', -18.14, 178.44],
  ['Apia, west of the date line', -13.83, -171.76],
  ['Longyearbyen in polar day', 78.22, 15.65],
  ['McMurdo in polar night', -77.85, 166.67],
  ['the open Pacific', 0, -140],
] as const;

describe('GET /v2.0/current', () => {
  for (const [name, lat, lon] of places) {
    for (const units of ['M', 'S', 'I'] as const) {
      it(`answers the contract for ${name} in units ${units}`, async () => {
        const response = await get(
          `current?lat=${lat}&lon=${lon}&units=${units}&key=demo-business`,
        );
        expect(response.status).toBe(200);
        const body = currentResponseSchema.parse(await response.json());
        expect(body.count).toBe(1);
        const [observation] = body.data;
        expect(observation?.lat).toBe(lat);
        // Observed at the start of the minute, in the hour `datetime` names.
        expect(observation?.ts).toBe(Math.floor(now / 60) * 60);
        expect(observation?.ob_time).toBe('2026-07-15 18:20');
        expect(observation?.datetime).toBe('2026-07-15:18');
      });
    }
  }

  it('converts units consistently', async () => {
    const read = async (units: string) =>
      currentResponseSchema.parse(
        await (await get(`current?lat=35.78&lon=-78.64&units=${units}&key=demo-business`)).json(),
      ).data[0];
    const [metric, scientific, imperial] = await Promise.all([read('M'), read('S'), read('I')]);
    expect(scientific?.temp).toBeCloseTo((metric?.temp ?? 0) + 273.15, 0);
    expect(imperial?.temp).toBeCloseTo((metric?.temp ?? 0) * 1.8 + 32, 0);
    expect(imperial?.wind_spd).toBeCloseTo((metric?.wind_spd ?? 0) * 2.237, 0);
  });

  it('reports the sun: day in Raleigh at 14:00 EDT with sunrise and sunset in UTC', async () => {
    const body = currentResponseSchema.parse(
      await (await get('current?lat=35.78&lon=-78.64&key=demo-business')).json(),
    );
    const observation = body.data[0];
    expect(observation?.pod).toBe('d');
    expect(observation?.elev_angle).toBeGreaterThan(60);
    // Raleigh, 15 July: sunrise 06:10 EDT (10:10 UTC), sunset 20:30 EDT (00:30 UTC), per NOAA.
    expect(observation?.sunrise).toMatch(/^10:(09|1[01])$/);
    expect(observation?.sunset).toMatch(/^00:(29|3[01])$/);
    expect(observation?.timezone).toBe('America/New_York');
  });

  it('sends null sunrise and sunset in polar day', async () => {
    const body = currentResponseSchema.parse(
      await (await get('current?lat=78.22&lon=15.65&key=demo-business')).json(),
    );
    expect(body.data[0]?.sunrise).toBeNull();
    expect(body.data[0]?.pod).toBe('d');
  });

  it('resolves a city by name and state', async () => {
    const body = currentResponseSchema.parse(
      await (await get('current?city=Raleigh,NC&key=demo-business')).json(),
    );
    expect(body.data[0]?.city_name).toBe('Raleigh');
    expect(body.data[0]?.state_code).toBe('NC');
  });

  it.each([
    ['current?lat=35&lon=-78', 403, 'API key is required.'],
    ['current?lat=35&lon=-78&key=nope', 403, 'API key not valid, or not yet activated.'],
    [
      'current?lat=91&lon=-78&key=demo-plus',
      400,
      'Invalid lat supplied. Must be between -90 and +90',
    ],
    [
      'current?lat=35&lon=181&key=demo-plus',
      400,
      'Invalid lon supplied. Must be between -180 and +180',
    ],
    ['current?lat=35&key=demo-plus', 400, 'Invalid Parameters supplied.'],
    ['current?key=demo-plus', 400, 'Invalid Parameters supplied.'],
    [
      'current?city=Nowhereville%20Upon%20Nothing&key=demo-plus',
      400,
      'No Location Found. Try lat/lon.',
    ],
  ])('answers %s with %i and the service text', async (path, status, message) => {
    const response = await get(path);
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ error: message });
  });

  it('stamps the rate-limit headers and enforces the daily quota', async () => {
    // One request per simulated second keeps the Free plan's velocity limit out of the way.
    let millis = 0;
    const limited = createSimulator({ now: () => now, velocityClock: () => (millis += 1000) });
    let response: Response | undefined;
    for (let call = 1; call <= 50; call++) {
      response = await limited.app.request('/v2.0/current?lat=1&lon=1&key=demo-free');
      expect(response.status).toBe(200);
    }
    expect(response?.headers.get('X-RateLimit-Limit')).toBe('50');
    expect(response?.headers.get('X-RateLimit-Remaining')).toBe('0');
    expect(response?.headers.get('X-RateLimit-Reset')).toBe(
      String(Date.parse('2026-07-16T00:00:00Z') / 1000),
    );
    const over = await limited.app.request('/v2.0/current?lat=1&lon=1&key=demo-free');
    expect(over.status).toBe(429);
    const body = (await over.json()) as Record<string, unknown>;
    expect(body.status_code).toBe(429);
    expect(String(body.status_message)).toMatch(
      /^Your request count \(51\) is over the allowed limit of 50 per day/,
    );
  });
});

describe('GET /v2.0/alerts', () => {
  it('answers an empty list where the weather is calm', async () => {
    const world = createWorld();
    const calm = places.find(([, lat, lon]) => hazardsAt(world, lat, lon, now).length === 0);
    expect(calm).toBeDefined();
    const response = await get(`alerts?lat=${calm?.[1]}&lon=${calm?.[2]}&key=demo-business`);
    const body = alertsResponseSchema.parse(await response.json());
    expect(body.alerts).toEqual([]);
  });

  it('issues alerts that follow the weather, with the regions quirk', async () => {
    // Search the world for a hazard so the test does not depend on one hand-picked place.
    const world = createWorld();
    let found: { lat: number; lon: number } | undefined;
    search: for (let lat = -40; lat <= 60; lat += 2.5) {
      for (let lon = -180; lon < 180; lon += 2.5) {
        if (hazardsAt(world, lat, lon, now).length > 0) {
          found = { lat, lon };
          break search;
        }
      }
    }
    expect(found).toBeDefined();
    const body = alertsResponseSchema.parse(
      await (await get(`alerts?lat=${found?.lat}&lon=${found?.lon}&key=demo-business`)).json(),
    );
    expect(body.alerts.length).toBeGreaterThan(0);
    for (const alert of body.alerts) {
      expect(alert.effective_utc <= alert.onset_utc || alert.severity !== 'Watch').toBe(true);
      expect(alert.onset_utc < alert.ends_utc).toBe(true);
      expect(alert.expires_utc >= alert.ends_utc).toBe(true);
      expect(alert.regions[0]?.startsWith(' ')).toBe(false);
      for (const region of alert.regions.slice(1)) expect(region.startsWith(' ')).toBe(true);
    }
  });
});
