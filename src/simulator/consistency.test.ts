import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { compassPoint } from '../shared/geo/compass';
import { bearingDegrees, distanceKm } from '../shared/geo/great-circle';
import { aqiFromConcentrations } from '../shared/weather/aqi';
import { airQualitySchema } from '../shared/weather/air-quality-schema';
import { alertsResponseSchema } from '../shared/weather/alert-schema';
import { isThunderstorm } from './world/condition-codes';
import { currentResponseSchema } from '../shared/weather/current-schema';
import { dailyForecastSchema } from '../shared/weather/daily-forecast-schema';
import { energyForecastSchema } from '../shared/weather/energy-schema';
import {
  historyDailySchema,
  historyHourlySchema,
  type HistoryHour,
} from '../shared/weather/history-schema';
import { lightningSchema } from '../shared/weather/lightning-schema';
import { createSimulator } from './app';
import { earthSurface } from './geo/surface';
import { thunderThreshold } from './world/condition';
import { sunEvents, sunPosition } from './world/solar';
import { relativeHumidity } from './world/thermo';
import { createWorld } from './world/world';

/** Every view samples one world: these tests hold the views to each other and to physics. */
const at = (iso: string) => Date.parse(iso) / 1000;
const now = at('2026-07-15T18:20:00Z');
const world = createWorld({ surface: earthSurface });
// Each request in its own second: these tests scan many places and are not about rate limits.
let velocityMillis = 0;
const simulatorAt = (instant: number) =>
  createSimulator({ now: () => instant, world, velocityClock: () => (velocityMillis += 1000) });
const simulator = simulatorAt(now);

async function get<S extends z.ZodType>(
  path: string,
  schema: S,
  sim = simulator,
): Promise<z.output<S>> {
  const response = await sim.app.request(`/v2.0/${path}&key=demo-enterprise`);
  const body: unknown = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  return schema.parse(body);
}

const places = [
  ['Raleigh', 35.78, -78.64],
  ['Denver', 39.74, -104.99],
  ['Singapore', 1.35, 103.82],
  ['Moscow', 55.75, 37.62],
  ['Sydney', -33.87, 151.21],
] as const;

describe('views of the same hour agree', () => {
  it.each(places)(
    'current in %s at the top of an hour equals the history record of that hour',
    async (_name, lat, lon) => {
      // Current is observed at the start of the minute (world-agrees.test.ts): on the hour, that
      // hour's record.
      const onTheHour = simulatorAt(Math.floor(now / 3600) * 3600);
      const current = (await get(`current?lat=${lat}&lon=${lon}`, currentResponseSchema, onTheHour))
        .data[0]!;
      // An hour later, the hour current falls in has become history.
      const later = simulatorAt(now + 3600);
      const history = await get(
        `history/hourly?lat=${lat}&lon=${lon}&start_date=2026-07-15:18&end_date=2026-07-15:19`,
        historyHourlySchema,
        later,
      );
      const record = history.data[0]!;
      expect(record.ts).toBe(current.ts);
      for (const field of [
        'temp',
        'app_temp',
        'rh',
        'dewpt',
        'wind_spd',
        'wind_dir',
        'pres',
        'slp',
        'clouds',
        'vis',
        'uv',
        'pod',
      ] as const) {
        expect(record[field], field).toEqual(current[field]);
      }
      expect(record.wind_gust_spd).toBe(current.gust);
      expect(record.weather).toEqual(current.weather);
      expect(record.precip).toBe(current.precip);
      expect(record.ghi).toBeCloseTo(current.ghi, 0);
      expect(record.elev_angle).toBeCloseTo(current.elev_angle, 1);
    },
  );

  it.each(places)(
    'today in the %s daily forecast matches that local day in history',
    async (_name, lat, lon) => {
      const forecast = await get(
        `forecast/daily?lat=${lat}&lon=${lon}&days=1`,
        dailyForecastSchema,
      );
      const today = forecast.data[0]!;
      const nextDay = new Date(Date.parse(`${today.valid_date}T00:00:00Z`) + 86_400_000)
        .toISOString()
        .slice(0, 10);
      const history = await get(
        `history/hourly?lat=${lat}&lon=${lon}&tz=local&start_date=${today.valid_date}&end_date=${nextDay}`,
        historyHourlySchema,
        simulatorAt(now + 3 * 86_400),
      );
      expect(history.data.length).toBeGreaterThanOrEqual(23);
      const temps = history.data.map((hour) => hour.temp);
      expect(today.max_temp).toBe(Math.max(...temps));
      expect(today.min_temp).toBe(Math.min(...temps));
      expect(today.precip).toBeCloseTo(
        history.data.reduce((total, hour) => total + hour.precip, 0),
        1,
      );
    },
  );

  it.each(places)(
    'history/daily in %s is the aggregate of history/hourly for each UTC day',
    async (_name, lat, lon) => {
      const range = 'start_date=2026-06-28&end_date=2026-07-02';
      const hourly = await get(
        `history/hourly?lat=${lat}&lon=${lon}&${range}`,
        historyHourlySchema,
      );
      const daily = await get(`history/daily?lat=${lat}&lon=${lon}&${range}`, historyDailySchema);
      expect(daily.data).toHaveLength(4);
      daily.data.forEach((day, index) => {
        const hours = hourly.data.slice(index * 24, index * 24 + 24);
        expect(hours[0]!.timestamp_utc.startsWith(day.datetime)).toBe(true);
        const temps = hours.map((hour) => hour.temp);
        expect(day.max_temp).toBe(Math.max(...temps));
        expect(day.min_temp).toBe(Math.min(...temps));
        // The timestamps name the hour of the extreme (rounding can tie it with another hour).
        expect(hours.find((hour) => hour.ts === day.max_temp_ts)?.temp).toBe(day.max_temp);
        expect(hours.find((hour) => hour.ts === day.min_temp_ts)?.temp).toBe(day.min_temp);
        expect(day.temp).toBeCloseTo(temps.reduce((a, b) => a + b, 0) / 24, 1);
        const sum = (pick: (hour: HistoryHour) => number) =>
          hours.reduce((total, hour) => total + pick(hour), 0);
        expect(Math.abs(day.precip - sum((hour) => hour.precip))).toBeLessThanOrEqual(0.15);
        expect(Math.abs(day.t_ghi - sum((hour) => hour.ghi))).toBeLessThanOrEqual(3);
        expect(Math.abs(day.t_solar_rad - sum((hour) => hour.solar_rad))).toBeLessThanOrEqual(3);
        expect(day.max_uv).toBe(Math.max(...hours.map((hour) => hour.uv)));
        expect(day.max_wind_spd).toBe(Math.max(...hours.map((hour) => hour.wind_spd)));
      });
    },
  );
});

describe('physics in every hourly record', async () => {
  const records = (
    await Promise.all(
      places.map(([, lat, lon]) =>
        get(
          `history/hourly?lat=${lat}&lon=${lon}&start_date=2026-01-01&end_date=2026-01-31`,
          historyHourlySchema,
        ),
      ),
    )
  ).flatMap((body) => body.data.map((record) => ({ record, lat: body.lat, lon: body.lon })));

  it('never puts the dew point above the temperature, and humidity agrees with both', () => {
    for (const { record } of records) {
      expect(record.dewpt).toBeLessThanOrEqual(record.temp);
      expect(
        Math.abs(record.rh - 100 * relativeHumidity(record.temp, record.dewpt)),
      ).toBeLessThanOrEqual(2);
    }
  });

  it('feels like the heat index when hot and humid, the wind chill when cold and windy', () => {
    for (const { record } of records) {
      if (record.temp >= 26.8 && record.rh >= 41)
        expect(record.app_temp).toBeGreaterThanOrEqual(record.temp);
      else if (record.temp <= 9.9 && record.wind_spd > 1.5)
        expect(record.app_temp).toBeLessThanOrEqual(record.temp);
      else if (record.temp > 10.1 && record.temp < 26.6) expect(record.app_temp).toBe(record.temp);
    }
  });

  it('puts the sun where NOAA puts it, and daylight only where it is up', () => {
    for (const { record, lat, lon } of records) {
      const sun = sunPosition(record.ts, lat, lon);
      expect(record.elev_angle).toBeCloseTo(sun.elevation, 1);
      expect(record.pod).toBe(sun.elevation > -0.833 ? 'd' : 'n');
      if (record.elev_angle <= 0) expect(record.ghi + record.dni + record.dhi + record.uv).toBe(0);
      expect(record.solar_rad).toBeLessThanOrEqual(record.ghi + 0.1);
    }
  });

  it('snows only when cold, and codes precipitation only when it falls', () => {
    for (const { record } of records) {
      if (record.snow > 0) expect(record.temp).toBeLessThanOrEqual(0.5);
      const code = record.weather.code;
      if (code >= 200 && code < 700 && !isThunderstorm(code))
        expect(record.precip).toBeGreaterThan(0);
    }
  });

  it('has station pressure below sea-level pressure, far below it at altitude', () => {
    for (const { record } of records) expect(record.pres).toBeLessThanOrEqual(record.slp + 0.05);
    const denver = records
      .filter(({ lat }) => lat === 39.74)
      .map(({ record }) => record.slp - record.pres);
    expect(Math.min(...denver)).toBeGreaterThan(150);
  });
});

describe('energy', () => {
  it('sums hourly degree days into the daily ones, against the threshold in the requested units', async () => {
    const daily = await get(
      'forecast/energy?lat=39.74&lon=-104.99&threshold=20',
      energyForecastSchema,
    );
    const hourly = await get(
      'forecast/energy?lat=39.74&lon=-104.99&threshold=20&tp=hourly',
      energyForecastSchema,
    );
    for (const day of daily.data) {
      const hours = hourly.data.filter((period) => period.date === day.date);
      const sum = (pick: (period: (typeof hours)[number]) => number) =>
        hours.reduce((total, p) => total + pick(p), 0);
      expect(day.cdd).toBeCloseTo(
        sum((p) => p.cdd),
        1,
      );
      expect(day.hdd).toBeCloseTo(
        sum((p) => p.hdd),
        1,
      );
      expect(Math.abs(day.t_ghi - sum((p) => p.t_ghi))).toBeLessThanOrEqual(hours.length);
      // Hourly sun hours are rounded to 0.01.
      expect(Math.abs(day.sun_hours - sum((p) => p.sun_hours))).toBeLessThanOrEqual(
        0.005 * (hours.length + 1),
      );
    }
    for (const hour of hourly.data) {
      // Within rounding: the period's temperature is rounded to 0.1 and its degree days to 0.01.
      expect(Math.abs(hour.cdd - Math.max(0, hour.temp - 20) / 24)).toBeLessThanOrEqual(0.0075);
      expect(Math.abs(hour.hdd - Math.max(0, 20 - hour.temp) / 24)).toBeLessThanOrEqual(0.0075);
    }
    // In imperial units the same day counts Fahrenheit degree days: 1.8 times the Celsius ones.
    const imperial = await get(
      'forecast/energy?lat=39.74&lon=-104.99&threshold=68&units=I',
      energyForecastSchema,
    );
    imperial.data.forEach((day, index) => {
      const metric = daily.data[index]!;
      expect(day.hdd).toBeCloseTo(metric.hdd * 1.8, 1);
      expect(day.cdd).toBeCloseTo(metric.cdd * 1.8, 1);
    });
  });

  it.each([
    ['Phoenix', 33.45, -112.07],
    ['New York', 40.71, -74.01],
  ] as const)(
    'gives %s most of a clear summer day as sun hours, never more than the day is long',
    async (_name, lat, lon) => {
      const clearDays: number[] = [];
      // Twelve eight-day forecasts cover June to early September.
      for (let week = 0; week < 12; week += 1) {
        const summer = simulatorAt(at('2026-06-01T18:00:00Z') + week * 8 * 86_400);
        const forecast = await get(
          `forecast/energy?lat=${lat}&lon=${lon}`,
          energyForecastSchema,
          summer,
        );
        for (const day of forecast.data) {
          const events = sunEvents(at(`${day.date}T00:00:00Z`), lat, lon);
          if (events.kind !== 'normal') throw new Error(`no sunrise at ${lat}, ${lon}`);
          const dayLength = (events.sunset - events.sunrise) / 3600;
          expect(day.sun_hours).toBeGreaterThanOrEqual(0);
          expect(day.sun_hours).toBeLessThanOrEqual(dayLength);
          if (day.clouds <= 30) {
            clearDays.push(day.sun_hours);
            expect(day.sun_hours).toBeGreaterThan(0.6 * dayLength);
          }
          if (day.clouds >= 95) expect(day.sun_hours).toBeLessThan(1);
        }
      }
      expect(clearDays.length).toBeGreaterThan(0);
      expect(Math.max(...clearDays)).toBeGreaterThan(9);
    },
  );

  it.each([
    ['the Arctic in January', 80, 0, '2026-01-15T12:00:00Z'],
    ['Antarctica in July', -80, 0, '2026-07-15T12:00:00Z'],
    ['the South Pole in July', -90, 0, '2026-07-15T12:00:00Z'],
    ['Phoenix in June', 33.45, -112.07, '2026-06-15T12:00:00Z'],
  ] as const)(
    'keeps the wet bulb between dew point and temperature in %s, hourly and daily',
    async (_name, lat, lon, instant) => {
      for (const tp of ['hourly', 'daily']) {
        const forecast = await get(
          `forecast/energy?lat=${lat}&lon=${lon}&tp=${tp}`,
          energyForecastSchema,
          simulatorAt(at(instant)),
        );
        for (const period of forecast.data) {
          expect(period.temp_wetbulb).toBeGreaterThanOrEqual(period.dewpt);
          expect(period.temp_wetbulb).toBeLessThanOrEqual(period.temp);
        }
      }
    },
  );

  it('reads the threshold in Fahrenheit with units=I', async () => {
    const metric = await get(
      'forecast/energy?lat=39.74&lon=-104.99&threshold=20',
      energyForecastSchema,
    );
    const imperial = await get(
      'forecast/energy?lat=39.74&lon=-104.99&threshold=68&units=I',
      energyForecastSchema,
    );
    expect(imperial.threshold_units).toBe('F');
    metric.data.forEach((day, index) =>
      expect(imperial.data[index]!.cdd).toBeCloseTo(day.cdd * 1.8, 0),
    );
  });
});

describe('lightning', async () => {
  const stormy = await findStorm();

  async function findStorm() {
    for (let lat = 25; lat <= 50; lat += 1) {
      for (let lon = -120; lon <= 60; lon += 1) {
        const body = await get(
          `current/lightning?lat=${lat}&lon=${lon}&search_distance_km=75&search_mins=45&limit=2500`,
          lightningSchema,
        );
        if (body.count >= 50) return body;
      }
    }
    throw new Error('no storm found west of 80°E');
  }

  it('gives exact bearing, distance and age for the query point', () => {
    for (const event of stormy.lightning) {
      const bearing =
        Math.round(bearingDegrees(stormy.lat, stormy.lon, event.lat, event.lon)) % 360;
      expect(Math.abs(((event.bearing_degrees - bearing + 540) % 360) - 180)).toBeLessThanOrEqual(
        1,
      );
      expect(event.bearing_cardinal).toBe(compassPoint(event.bearing_degrees));
      const distance = distanceKm(stormy.lat, stormy.lon, event.lat, event.lon);
      expect(Math.abs(event.distance_km - distance)).toBeLessThanOrEqual(0.01);
      expect(Math.abs(event.distance_mi - event.distance_km / 1.609344)).toBeLessThanOrEqual(0.01);
      expect(event.distance_km).toBeLessThanOrEqual(75);
      const age = (now - Date.parse(`${event.timestamp_utc}Z`) / 1000) / 60;
      expect(Math.abs(event.past_mins - age)).toBeLessThanOrEqual(0.051);
      expect(event.past_mins).toBeLessThanOrEqual(45);
    }
  });

  it('sorts by distance, nearest first', () => {
    const distances = stormy.lightning.map((event) => event.distance_km);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
  });

  it('reports sensor flashes west of 80°E only up to the last 5-minute update', () => {
    for (const event of stormy.lightning) {
      expect(event.source).toBe('glm');
      expect(Date.parse(`${event.timestamp_utc}Z`) / 1000).toBeLessThanOrEqual(
        Math.floor(now / 300) * 300,
      );
    }
  });

  it('clusters strikes far more tightly than random points would be', () => {
    const events = stormy.lightning;
    let total = 0;
    for (const a of events) {
      let nearest = Infinity;
      for (const b of events)
        if (a !== b) nearest = Math.min(nearest, distanceKm(a.lat, a.lon, b.lat, b.lon));
      total += nearest;
    }
    const meanNearest = total / events.length;
    // Random points in the disc would sit 0.5 / sqrt(density) apart on average.
    const uniform = 0.5 / Math.sqrt(events.length / (Math.PI * 75 ** 2));
    expect(meanNearest).toBeLessThan(uniform / 2);
  });

  it('ages strikes in place: five minutes later the same strikes are five minutes older', async () => {
    const later = await get(
      `current/lightning?lat=${stormy.lat}&lon=${stormy.lon}&search_distance_km=75&search_mins=45&limit=2500`,
      lightningSchema,
      simulatorAt(now + 300),
    );
    const before = new Map(stormy.lightning.map((event) => [event.id, event]));
    const common = later.lightning.filter((event) => before.has(event.id));
    expect(common.length).toBeGreaterThan(0);
    for (const event of common)
      expect(event.past_mins).toBeCloseTo(before.get(event.id)!.past_mins + 5, 1);
  });

  it('strikes only where the world has a thunderstorm, which codes the weather as one', () => {
    const thundery = stormy.lightning.filter((event) => {
      const when = Math.floor(Date.parse(`${event.timestamp_utc}Z`) / 1000 / 300) * 300 + 150;
      return world.storm(event.lat, event.lon, when) > thunderThreshold;
    });
    expect(thundery.length / stormy.lightning.length).toBeGreaterThan(0.8);
  });

  it('estimates east of 80°E from radar, once per 15-minute scan', async () => {
    for (let lat = 0; lat <= 40; lat += 1) {
      for (let lon = 85; lon <= 150; lon += 1) {
        const body = await get(
          `current/lightning?lat=${lat}&lon=${lon}&search_distance_km=75&search_mins=45&limit=100`,
          lightningSchema,
        );
        if (body.count === 0) continue;
        for (const event of body.lightning) {
          const seconds = Date.parse(`${event.timestamp_utc}Z`) / 1000;
          expect(event.source).toBe('radar');
          expect(seconds % 900).toBe(0);
          expect(seconds).toBeLessThanOrEqual(Math.floor(now / 900) * 900);
        }
        return;
      }
    }
    throw new Error('no storm found east of 80°E');
  });
});

describe('air quality', () => {
  it('computes every AQI from its pollutants by the EPA breakpoints', async () => {
    const body = await get('forecast/airquality?lat=34.05&lon=-118.24', airQualitySchema);
    for (const hour of body.data) expect(hour.aqi).toBe(aqiFromConcentrations(hour));
  });

  it('gives current conditions the AQI of the current hour', async () => {
    const [current, forecast] = await Promise.all([
      get('current?lat=34.05&lon=-118.24', currentResponseSchema),
      get('forecast/airquality?lat=34.05&lon=-118.24&hours=1', airQualitySchema),
    ]);
    expect(current.data[0]!.aqi).toBe(forecast.data[0]!.aqi);
  });

  it('has a daily ozone cycle: afternoons above the hours before dawn', async () => {
    const body = await get('forecast/airquality?lat=33.45&lon=-112.07', airQualitySchema);
    const byLocalHour = (hours: number[]) =>
      body.data
        .filter((h) => hours.includes(Number(h.timestamp_local.slice(11, 13))))
        .map((h) => h.o3);
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    expect(mean(byLocalHour([13, 14, 15]))).toBeGreaterThan(mean(byLocalHour([3, 4, 5])) * 1.3);
  });
});

describe('alerts follow the weather', () => {
  it('warns of a severe thunderstorm wherever the world has one now', async () => {
    let checked = 0;
    for (let lat = -40; lat <= 60 && checked < 3; lat += 0.5) {
      for (let lon = -180; lon < 180 && checked < 3; lon += 0.5) {
        // The cheap storm scan first; a place's sample has at least that storm (and more from
        // lightning close by).
        if (world.storm(lat, lon, now) < 0.5) continue;
        const body = await get(`alerts?lat=${lat}&lon=${lon}`, alertsResponseSchema);
        expect(body.alerts.map((alert) => alert.title).join('\n')).toContain(
          'Severe Thunderstorm Warning',
        );
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });
});

describe('revisions and reproducibility', () => {
  it('marks records final with a version once settled, interim while recent', async () => {
    const body = await get(
      'history/daily?lat=35.78&lon=-78.64&start_date=2026-06-20&end_date=2026-07-15',
      historyDailySchema,
    );
    const first = body.data[0]!;
    const last = body.data[body.data.length - 1]!;
    expect(first.revision_status).toBe('final');
    expect(first.revision_version).toBe('1.0');
    expect(last.revision_status).toBe('interim');
    expect(last.revision_version).toBe('');
  });

  it('answers identically from two simulators pinned to the same now', async () => {
    const path = '/v2.0/forecast/daily?lat=48.85&lon=2.35&key=demo-business';
    const [a, b] = await Promise.all([
      simulatorAt(now).app.request(path),
      createSimulator({ now: () => now }).app.request(path),
    ]);
    expect(await a.text()).toBe(await b.text());
  });
});
