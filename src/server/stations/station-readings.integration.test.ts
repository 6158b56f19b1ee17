import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stationReadingsLimits } from '../../shared/api/queries';
import type {
  CreatedStationResponse,
  StationReadingsResponse,
} from '../../shared/api/watch-answers';
import { type Bff, closeAll, simulatedNow, startBff, startSimulator } from '../testing/loopback';
import { admin, signIn, writeHeaders } from '../testing/operator';
import { createPostgresDatabase, engines } from '../testing/test-database';

/**
 * `GET /api/stations/:id/readings` over loopback, on both engines: readings uploaded as consoles
 * send them come back as the minutes kept, and a long window is bucketed to a bounded number of
 * points.
 */
let simulator: string;
beforeAll(async () => {
  simulator = await startSimulator();
});
afterAll(closeAll);

const minute = 60_000;
const mph = 0.44704;

async function start(engine: (typeof engines)[number]) {
  const env: Record<string, string> =
    engine === 'postgres' ? { DATABASE_URL: await createPostgresDatabase() } : {};
  const bff = await startBff(simulator, { SKYDECK_ADMIN_PASSWORD: admin.password, ...env });
  const cookie = await signIn(bff);
  const created = await fetch(`${bff.url}/api/stations`, {
    method: 'POST',
    headers: { ...writeHeaders, Cookie: cookie },
    body: JSON.stringify({ name: 'Jib anemometer' }),
  });
  expect(created.status).toBe(201);
  return { bff, ...((await created.json()) as CreatedStationResponse) };
}

const readings = async (bff: Bff, id: string, query = '') => {
  const response = await fetch(`${bff.url}/api/stations/${id}/readings${query}`);
  return { status: response.status, body: (await response.json()) as unknown };
};

/** WU's `dateutc`, "YYYY-MM-DD HH:MM:SS" in UTC. */
const dateutc = (ms: number) =>
  encodeURIComponent(new Date(ms).toISOString().slice(0, 19).replace('T', ' '));

describe.each(engines)('station readings on %s', (engine) => {
  it("answers the last day's minutes to anyone, oldest first, as uploaded", async () => {
    const { bff, station, key } = await start(engine);
    const upload = async (at: number, fields: string) => {
      const url =
        `${bff.url}/api/stations/wu/updateweatherstation.php?ID=${station.id}&PASSWORD=${key}` +
        `&dateutc=${dateutc(at)}&${fields}`;
      expect((await fetch(url)).status).toBe(200);
    };
    const t = simulatedNow - 5 * minute;
    await upload(t + 10_000, 'windspeedmph=10&windgustmph=20&winddir=180&tempf=50');
    await upload(t + 40_000, 'windspeedmph=20&windgustmph=30&winddir=200');
    await upload(t + minute, 'windspeedmph=5&windgustmph=8&tempf=68');
    // Kept for 30 days, but older than the default window (a day before now).
    await upload(simulatedNow - 25 * 3600_000, 'windspeedmph=40');

    const answer = await readings(bff, station.id);
    expect(answer.status).toBe(200);
    const body = answer.body as StationReadingsResponse;
    expect(body).toMatchObject({
      station_id: station.id,
      since: new Date(simulatedNow - stationReadingsLimits.defaultHours * 3600_000).toISOString(),
      until: new Date(simulatedNow).toISOString(),
      bucket_s: 60,
    });
    expect(body.readings.map((point) => [point.at, point.count])).toEqual([
      [new Date(t).toISOString(), 2],
      [new Date(t + minute).toISOString(), 1],
    ]);
    const [first, second] = body.readings;
    expect(first?.wind_ms).toBeCloseTo(15 * mph, 4);
    expect(first?.gust_ms).toBeCloseTo(30 * mph, 4);
    expect(first?.wind_dir).toBe(200);
    expect(first?.temp_c).toBeCloseTo(10, 4);
    expect(first?.humidity).toBeNull();
    expect(second?.temp_c).toBeCloseTo(20, 4);

    // An explicit window takes the older reading alone.
    const older = await readings(
      bff,
      station.id,
      `?since=${new Date(simulatedNow - 26 * 3600_000).toISOString()}` +
        `&until=${new Date(simulatedNow - 24 * 3600_000).toISOString()}`,
    );
    expect((older.body as StationReadingsResponse).readings.map((p) => p.wind_ms)).toEqual([
      expect.closeTo(40 * mph, 4),
    ]);
  });

  it('refuses a bad window with a 400 naming the parameter, and an unknown station with 404', async () => {
    const { bff, station } = await start(engine);
    const at = (ms: number) => new Date(ms).toISOString();
    const cases: [string, string][] = [
      ['?since=yesterday', 'Invalid since: must be an ISO 8601 time, like 2026-07-15T18:00:00Z'],
      [
        `?since=${at(simulatedNow)}&until=${at(simulatedNow - minute)}`,
        'Invalid until: must be after since',
      ],
      [
        `?since=${at(simulatedNow - 8 * 86_400_000)}`,
        `Invalid since: a request covers at most ${stationReadingsLimits.maxDays} days before until`,
      ],
      ['?limit=5', 'Unknown parameter "limit": not part of this endpoint'],
    ];
    for (const [query, error] of cases)
      expect(await readings(bff, station.id, query)).toEqual({ status: 400, body: { error } });
    expect(await readings(bff, 'nope')).toEqual({
      status: 404,
      body: { error: 'No station nope' },
    });
  });

  it(`buckets a week to at most ${stationReadingsLimits.maxPoints} points`, async () => {
    const { bff, station } = await start(engine);
    const until = simulatedNow;
    const since = until - stationReadingsLimits.maxDays * 86_400_000;
    // A reading every minute of the week, seeded as the upload path aggregates them: wind the
    // minute's index mod 7 (so a whole 7-minute bucket means 3), and a gust of 50 once.
    const rows = [];
    for (let m = since; m < until; m += minute) {
      const index = (m - since) / minute;
      rows.push({
        station_id: station.id,
        minute: m,
        at: m,
        count: 1,
        gust_max: index === 100 ? 50 : 5,
        wind_dir: index % 360,
        rain_day_mm: null,
        wind_ms_sum: index % 7,
        wind_ms_n: 1,
        temp_c_sum: 0,
        temp_c_n: 0,
        humidity_sum: 0,
        humidity_n: 0,
        pressure_hpa_sum: 0,
        pressure_hpa_n: 0,
        solar_wm2_sum: 0,
        solar_wm2_n: 0,
      });
    }
    const db = bff.watch.database.db;
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto('station_readings')
        .values(rows.slice(i, i + 500))
        .execute();

    const answer = await readings(bff, station.id, `?since=${new Date(since).toISOString()}`);
    expect(answer.status).toBe(200);
    const body = answer.body as StationReadingsResponse;
    expect(body.bucket_s).toBe(7 * 60);
    expect(body.readings).toHaveLength(stationReadingsLimits.maxPoints);
    expect(body.readings[0]).toMatchObject({ at: new Date(since).toISOString(), count: 7 });
    expect(body.readings.every((point) => point.wind_ms === 3)).toBe(true);
    // Minute 100 is in bucket 14 (minutes 98-104): its highest gust, its latest direction.
    expect(body.readings[14]).toMatchObject({ gust_ms: 50, wind_dir: 104 });
    expect(body.readings[15]?.gust_ms).toBe(5);
    expect(body.readings.every((point) => point.temp_c === null)).toBe(true);
  });
});
