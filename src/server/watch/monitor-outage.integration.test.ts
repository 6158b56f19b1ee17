import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sitePolicySchema } from '../../shared/safety/site-policy';
import { createDatabase, type WatchDatabase } from '../db/database';
import { createLogger } from '../log';
import {
  createDatabase as createServerDatabase,
  startTestPostgres,
  type TestPostgres,
} from '../testing/test-postgres';
import { Monitor, type PipelineFetch, type StatusChange } from './monitor';
import { WatchStore } from './store';

/**
 * The monitor on a PostgreSQL server of this file's own, stopped (`pg_ctl stop -m fast`) and
 * started again between rounds, on a clock the test moves: the provider answers from the test
 * (a strike lands on the site while the database is down).
 */
const site = { lat: 40, lon: -100 };
const policy = sitePolicySchema.parse({
  lightning: { rings: { stop: 10, caution: 20, watch: 40 }, all_clear_minutes: 30 },
});

let server: TestPostgres;
let database: WatchDatabase;
const logs: string[] = [];
const logger = createLogger([], (line) => logs.push(line));

beforeAll(async () => {
  server = await startTestPostgres();
  const databaseUrl = await createServerDatabase(server.url, 'skydeck_monitor_outage');
  database = createDatabase({ dataDir: 'unused', databaseUrl, logger });
  await database.ready;
}, 60_000);

afterAll(async () => {
  await database?.close();
  await server?.stop();
});

const events = (names: string) =>
  logs.map((line) => JSON.parse(line) as { event: string }).filter((line) => line.event === names);

describe('the monitor while its database is down', () => {
  it('decides nothing and says so once; once back, judges every site at once on every feed asked again', async () => {
    let now = Date.parse('2026-07-15T18:20:00Z');
    let strike = false;
    const asked: string[] = [];
    const fetch: PipelineFetch = async (endpoint) => {
      asked.push(endpoint);
      if (endpoint === 'current/lightning') {
        const lightning = strike ? [{ ...site, past_mins: 0.5, distance_km: 0 }] : [];
        return { status: 200, body: { count: lightning.length, limit: 1000, lightning }, ageS: 0 };
      }
      if (endpoint === 'alerts') return { status: 200, body: { alerts: [] }, ageS: 0 };
      const record = { wind_spd: 2, gust: 3, aqi: 20, temp: 15, rh: 50, pres: 1010 };
      return {
        status: 200,
        body: { data: [{ ...record, solar_rad: 0, elev_angle: -10 }] },
        ageS: 0,
      };
    };
    const store = new WatchStore(database);
    const { id } = await store.createSite(
      { name: 'Plains yard', ...site, notes: '', policy: JSON.stringify(policy) },
      'admin',
      now,
    );
    const changes: StatusChange[] = [];
    const monitor = new Monitor({
      store,
      fetch,
      clock: () => now,
      logger,
      onChange: (change) => changes.push(change),
    });
    await monitor.tick();
    const first = monitor.get(id)?.status.level;
    expect(first).not.toBe('stop');
    expect(first).not.toBe('no_data');
    expect(changes.map((change) => change.event?.to_level)).toEqual([first]);

    await server.halt();
    strike = true;
    changes.length = 0;
    asked.length = 0;
    for (let round = 0; round < 4; round++) {
      now += 61_000;
      await monitor.tick();
      // The strike was seen (the first round asked for lightning) but no level is held or told
      // that could not be recorded.
      expect(monitor.get(id)?.status.level).toBe(first);
    }
    expect(changes).toEqual([]);
    // The first round asked for what was due; the others asked for nothing.
    expect(asked.sort()).toEqual(['alerts', 'current/lightning']);
    expect(events('watch-suspended')).toHaveLength(1);
    expect(events('watch-tick')).toEqual([]);

    await server.resume();
    asked.length = 0;
    // Long before current conditions are due again (every 10 minutes; last asked 4 min ago).
    now += 5000;
    await monitor.tick();
    expect(asked.sort()).toEqual(['alerts', 'current', 'current/lightning']);
    expect(monitor.get(id)?.status.level).toBe('stop');
    expect(changes.map((change) => [change.event?.from_level, change.event?.to_level])).toEqual([
      [first, 'stop'],
    ]);
    const record = await store.listEvents({ siteId: id, limit: 10 });
    expect(record.map((event) => [event.seq, event.from_level, event.to_level, event.at])).toEqual([
      [2, first, 'stop', now],
      [1, 'no_data', first, expect.any(Number)],
    ]);
    expect(events('watch-resumed')).toHaveLength(1);
    expect(events('watch-suspended')).toHaveLength(1);
    await monitor.stop();
  }, 60_000);
});
