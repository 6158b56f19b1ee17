import { afterEach, describe, expect, it } from 'vitest';
import { sitePolicySchema } from '../../shared/safety/site-policy';
import type { Alert } from '../../shared/weather/alert-schema';
import { createLogger } from '../log';
import { openTestDatabase } from '../testing/test-database';
import type { SiteStation } from '../stations/station-store';
import { Monitor, type MonitorOptions, type PipelineFetch, type StatusChange } from './monitor';
import { WatchStore } from './store';

/**
 * The monitor on its own: a provider the test answers for, a clock the test moves and a store on
 * a throwaway SQLite database (the one it writes to and reads back from). No HTTP.
 */
const site = { lat: 40, lon: -100 };
const policy = sitePolicySchema.parse({
  lightning: { rings: { stop: 10, caution: 20, watch: 40 }, all_clear_minutes: 30 },
  wind: { sustained_ms: { caution: null, stop: null }, gust_ms: { caution: 15, stop: 20 } },
  alerts: { Warning: 'stop', Watch: 'caution', Advisory: null },
  aqi: { caution: 101, stop: 201 },
  heat: { heat_index_c: { caution: 40, stop: 50 }, wbgt_flag: { caution: null, stop: null } },
});
const calm = { wind_spd: 2, gust: 3, aqi: 20, temp: 15, rh: 50, pres: 1010 };
const start = Date.parse('2026-07-15T18:20:00Z');
const minute = 60_000;

/** The weather the provider tells of, and which of its endpoints fail. */
interface World {
  strikes: { lat: number; lon: number; past_mins: number; distance_km: number }[];
  current: typeof calm;
  alerts: Alert[];
  failing: Set<string>;
}

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

async function setUp(stations?: MonitorOptions['stations']) {
  const database = await openTestDatabase('sqlite');
  closers.push(() => database.close());
  const store = new WatchStore(database);
  const clock = { now: start };
  const world: World = { strikes: [], current: calm, alerts: [], failing: new Set() };
  const asked: string[] = [];
  /** Each request asked, with its query. */
  const requests: string[] = [];
  const fetch: PipelineFetch = async (endpoint, query) => {
    asked.push(endpoint);
    requests.push(`${endpoint} ${JSON.stringify(query)}`);
    if (world.failing.has(endpoint)) return { status: 502, body: { error: 'upstream' }, ageS: 0 };
    if (endpoint === 'current/lightning')
      return {
        status: 200,
        body: { count: world.strikes.length, limit: 1000, lightning: world.strikes },
        ageS: 0,
      };
    if (endpoint === 'alerts')
      return { status: 200, body: { alerts: world.alerts, timezone: 'America/Chicago' }, ageS: 0 };
    return {
      status: 200,
      body: { data: [{ ...world.current, solar_rad: 0, elev_angle: -10 }] },
      ageS: 0,
    };
  };
  /** Rows of state each saveStates call was given, call by call. */
  const stored: number[] = [];
  const saveStates = store.saveStates.bind(store);
  store.saveStates = async (states, now) => {
    stored.push(states.length);
    await saveStates(states, now);
  };
  const changes: StatusChange[] = [];
  const newMonitor = () =>
    new Monitor({
      store,
      fetch,
      clock: () => clock.now,
      logger: createLogger([], () => {}),
      onChange: (change) => changes.push(change),
      stations,
    });
  const monitor = newMonitor();
  closers.push(() => monitor.stop());
  const { id } = await store.createSite(
    { name: 'Plains yard', ...site, notes: '', policy: JSON.stringify(policy) },
    'admin',
    start,
  );
  const tick = async (advanceMs: number) => {
    clock.now += advanceMs;
    await monitor.tick();
  };
  /** The site's record, oldest first. */
  const events = async () => (await store.listEvents({ siteId: id, limit: 100 })).reverse();
  return {
    store,
    clock,
    world,
    asked,
    requests,
    stored,
    changes,
    monitor,
    newMonitor,
    id,
    tick,
    events,
  };
}

const alert = (severity: Alert['severity'], title: string): Alert => {
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 19);
  return {
    title,
    description: '',
    severity,
    effective_utc: iso(start - 60 * minute),
    effective_local: iso(start - 60 * minute),
    onset_utc: iso(start - 60 * minute),
    onset_local: iso(start - 60 * minute),
    ends_utc: iso(start + 600 * minute),
    ends_local: iso(start + 600 * minute),
    expires_utc: iso(start + 600 * minute),
    expires_local: iso(start + 600 * minute),
    uri: 'https://example.invalid/alert',
    regions: ['Plains'],
  };
};

describe('Monitor rounds', () => {
  it('asks each feed on its cadence: lightning and alerts a minute, current conditions ten', async () => {
    const { asked, tick, monitor, id } = await setUp();
    await tick(0);
    expect(asked.sort()).toEqual(['alerts', 'current', 'current/lightning']);
    expect(monitor.get(id)?.status.level).toBe('clear');
    asked.length = 0;
    for (let round = 0; round < 11; round++) await tick(5000);
    expect(asked).toEqual([]);
    await tick(5000);
    expect(asked.sort()).toEqual(['alerts', 'current/lightning']);
    asked.length = 0;
    for (let round = 0; round < 9 * 12; round++) await tick(5000);
    expect(asked.filter((endpoint) => endpoint === 'current')).toEqual(['current']);
    expect(asked.filter((endpoint) => endpoint === 'alerts')).toHaveLength(9);
  });

  it('spreads the requests over each cadence: every one asked once a cadence, a share a round, none late', async () => {
    const { store, tick, clock, requests, monitor, stored } = await setUp();
    for (let index = 0; index < 35; index++)
      await store.createSite(
        {
          name: `Yard ${index + 1}`,
          lat: 30 + (index % 7) * 2,
          lon: -120 + Math.floor(index / 7) * 4,
          notes: '',
          policy: JSON.stringify(policy),
        },
        'admin',
        start,
      );
    const count = (feed: string) => (list: string[]) =>
      list.filter((request) => request.startsWith(`${feed} `));
    const lightning = count('current/lightning');
    const alerts = count('alerts');
    const current = count('current');
    // The first round asks for everything: no site waits for its turn to have data.
    await tick(0);
    const searches = new Set(lightning(requests));
    expect(alerts(requests)).toHaveLength(36);
    expect(new Set(alerts(requests)).size).toBe(36);
    expect(current(requests)).toHaveLength(36);
    expect(searches.size).toBe(lightning(requests).length);
    const firstRound = [...requests].sort();
    requests.length = 0;
    stored.length = 0;
    /** Requests asked in each round from here on. */
    const rounds: string[][] = [];
    // Ten minutes of rounds: a cadence of current conditions, ten of lightning and alerts.
    for (let round = 0; round < 120; round++) {
      const before = requests.length;
      await tick(5000);
      rounds.push(requests.slice(before));
      for (const runtime of monitor.list()) {
        // Never older than the cadence: each feed is asked at least once in every cadence.
        expect(clock.now - (runtime.clocks.dataAt ?? -Infinity)).toBeLessThanOrEqual(minute);
        expect(clock.now - (runtime.feeds.alerts ?? -Infinity)).toBeLessThanOrEqual(minute);
        expect(clock.now - (runtime.feeds.current ?? -Infinity)).toBeLessThanOrEqual(10 * minute);
        expect(runtime.status.level).toBe('clear');
      }
    }
    // Each minute's twelve rounds ask every search and point once, an even share in each round.
    for (let minuteIndex = 0; minuteIndex < 10; minuteIndex++) {
      const minuteRounds = rounds.slice(minuteIndex * 12, minuteIndex * 12 + 12);
      const asked = minuteRounds.flat();
      expect([...lightning(asked), ...alerts(asked)].sort()).toEqual(
        [...lightning(firstRound), ...alerts(firstRound)].sort(),
      );
      for (const round of minuteRounds) {
        expect(alerts(round).length).toBeLessThanOrEqual(Math.ceil(36 / 12));
        expect(lightning(round).length).toBeLessThanOrEqual(Math.ceil(searches.size / 12));
      }
      // A site's answers come in one round: its state is stored once a minute, not once a feed.
      const rows = stored.slice(minuteIndex * 12, minuteIndex * 12 + 12);
      expect(rows.reduce((sum, n) => sum + n, 0)).toBe(36);
    }
    // Current conditions: each point once in the ten minutes, no round asking more than one.
    expect(current(rounds.flat()).sort()).toEqual(current(firstRound));
    expect(Math.max(...rounds.map((round) => current(round).length))).toBeLessThanOrEqual(1);
  });

  it('records each level change once, as the next transition, and tells of it', async () => {
    const { world, tick, changes, events } = await setUp();
    await tick(0);
    world.strikes = [{ ...site, past_mins: 0.5, distance_km: 0 }];
    await tick(minute);
    await tick(5000);
    await tick(5000);
    const record = await events();
    expect(record.map((event) => [event.seq, event.from_level, event.to_level])).toEqual([
      [1, 'no_data', 'clear'],
      [2, 'clear', 'stop'],
    ]);
    expect(changes.filter((change) => change.event).map((change) => change.event?.seq)).toEqual([
      1, 2,
    ]);
    // The oldest data it rested on: current conditions, asked a minute before.
    expect(record[1]?.data_age_s).toBe(60);
  });
});

describe('Monitor rule attribution', () => {
  it.each([
    ['wind', (world: World) => (world.current = { ...calm, gust: 22 })],
    ['aqi', (world: World) => (world.current = { ...calm, aqi: 250 })],
    ['heat', (world: World) => (world.current = { ...calm, temp: 45, rh: 60 })],
    ['alerts', (world: World) => (world.alerts = [alert('Warning', 'Severe Thunderstorm')])],
    ['lightning', (world: World) => (world.strikes = [{ ...site, past_mins: 1, distance_km: 0 }])],
  ] as const)(
    'records a STOP by %s under its own rule, in its finding’s words',
    async (rule, weather) => {
      const { world, tick, events, monitor, id } = await setUp();
      weather(world);
      await tick(0);
      const [event] = await events();
      expect(event).toMatchObject({ to_level: 'stop', rule });
      const finding = monitor.get(id)?.status.findings[0];
      expect(finding?.rule).toBe(rule);
      expect(event?.reason).toBe(finding?.reason);
    },
  );

  it('records a level for missing data under `data`, and the all-clear under `all-clear`', async () => {
    const { world, tick, events } = await setUp();
    await tick(0);
    world.failing.add('alerts');
    for (let round = 0; round < 2 * 12 + 1; round++) await tick(5000);
    world.failing.clear();
    await tick(minute);
    expect((await events()).map((event) => [event.to_level, event.rule, event.reason])).toEqual([
      ['clear', 'all-clear', 'all clear: the data is in and no rule of the policy is met'],
      ['no_data', 'data', 'no fresh alert data since 18:20:00 UTC (2 min old)'],
      ['clear', 'all-clear', 'all clear: the data is in and no rule of the policy is met'],
    ]);
  });
});

describe('Monitor writes', () => {
  it('stores a state only when it changed, all of a round at once; the data age is worked out on reading', async () => {
    const { world, tick, stored, store, id, clock, newMonitor } = await setUp();
    await tick(0);
    expect(stored).toEqual([1]);
    // Nothing asked, nothing changed but the clock: nothing stored, round after round.
    for (let round = 0; round < 11; round++) await tick(5000);
    expect(stored).toEqual([1, ...Array<number>(11).fill(0)]);
    // New answers a minute on: stored once.
    await tick(5000);
    expect(stored.at(-1)).toBe(1);
    const row = await store.db
      .selectFrom('watch_state')
      .select(['state', 'updated_at'])
      .where('site_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.updated_at).toBe(clock.now);
    expect(row.state).not.toMatch(/dataAge/);
    // Read back 40 s later (a restart, a standby): the age is the oldest feed's, as of now.
    clock.now += 40_000;
    const reader = newMonitor();
    await reader.ready();
    // Current conditions were asked at the start, a minute and 40 s ago; the rest 40 s ago.
    expect(reader.get(id)?.status).toMatchObject({
      level: 'clear',
      dataAgeS: 60 + 40,
      dataAgeFeed: 'current',
    });
    // It knows the state it read as stored: a round that learns nothing new stores nothing.
    world.failing = new Set(['current/lightning', 'alerts', 'current']);
    stored.length = 0;
    await reader.tick();
    expect(stored).toEqual([0]);
  });
  it('stores a site whose data went stale once, not again as its age grows, and records why', async () => {
    const { world, tick, stored, changes, events, monitor, id } = await setUp();
    await tick(0);
    world.failing = new Set(['current/lightning', 'alerts', 'current']);
    while (monitor.get(id)?.status.level !== 'no_data') await tick(5000);
    expect(stored.at(-1)).toBe(1);
    stored.length = 0;
    changes.length = 0;
    // Five minutes of rounds that learn nothing: what is missing is as it was, whatever its age.
    for (let round = 0; round < 5 * 12; round++) await tick(5000);
    expect(stored.filter((rows) => rows > 0)).toEqual([]);
    expect(changes).toEqual([]);
    expect(monitor.get(id)?.status.dataAgeS).toBe(2 * 60 + 5 + 5 * 60);
    // The record says which data is missing since when, and how old it was then.
    const [, noData] = await events();
    expect([noData?.to_level, noData?.rule, noData?.reason]).toEqual([
      'no_data',
      'data',
      'no fresh lightning data since 18:20:00 UTC (2 min old)',
    ]);
    expect(JSON.parse(noData?.evidence ?? '[]')).toEqual([
      'no fresh lightning data since 18:20:00 UTC (2 min old)',
      'no fresh alert data since 18:20:00 UTC (2 min old)',
    ]);
  });
});

describe('Monitor when the provider fails', () => {
  it('keeps the last good data and never gives an all-clear without fresh data', async () => {
    const { world, tick, monitor, id, events, clock, asked } = await setUp();
    world.current = { ...calm, gust: 17 };
    world.strikes = [{ ...site, past_mins: 0.5, distance_km: 0 }];
    await tick(0);
    expect(monitor.get(id)?.status.level).toBe('stop');
    const conditions = monitor.get(id)?.conditions;
    // The provider fails for an hour: long past the 30 minutes lightning would need to clear.
    world.failing = new Set(['current/lightning', 'alerts', 'current']);
    world.strikes = [];
    world.current = calm;
    const levels = new Set<string>();
    for (let round = 0; round < 12 * 60; round++) {
      await tick(5000);
      levels.add(monitor.get(id)!.status.level);
    }
    expect([...levels].sort()).toEqual(['no_data', 'stop']);
    expect(monitor.get(id)).toMatchObject({ conditions, status: { lastLevel: 'stop' } });
    // Back: fresh data, no strike, calm wind. It clears once lightning has been watched again
    // for the whole all-clear time (30 min), not before.
    // Back: no strike, calm wind. It clears only once every feed it rests on is fresh again:
    // current conditions at their next turn, not with the first answers that come.
    world.failing.clear();
    const back = clock.now;
    asked.length = 0;
    let currentAt: number | undefined;
    while (monitor.get(id)?.status.level !== 'clear' && clock.now - back < 60 * minute) {
      await tick(5000);
      if (currentAt === undefined && asked.includes('current')) currentAt = clock.now;
    }
    expect(monitor.get(id)?.status.level).toBe('clear');
    expect(currentAt).toBe(clock.now);
    expect(clock.now - back).toBeGreaterThan(minute);
    expect((await events()).map((event) => [event.to_level, event.rule])).toEqual([
      ['stop', 'lightning'],
      ['no_data', 'data'],
      ['clear', 'all-clear'],
    ]);
  });
});

describe('a site station the database cannot read', () => {
  it('is taken as quiet, so the level its readings set is held, not lowered by the grid', async () => {
    const reads = { failing: false };
    let siteId = '';
    const jib = (at: number): SiteStation => ({
      id: 'station-jib',
      name: 'Jib anemometer',
      lastAt: at,
      reading: {
        stationId: 'station-jib',
        minute: at - (at % minute),
        at,
        count: 1,
        windMs: 9,
        gustMs: 21.5,
        windDir: 250,
        tempC: null,
        humidity: null,
        pressureHpa: null,
        solarWm2: null,
        rainDayMm: null,
      },
    });
    const { tick, monitor, id } = await setUp({
      prune: async () => 0,
      latestForSites: async (_since, now) => {
        if (reads.failing) throw new Error('SQLITE_BUSY: database is locked');
        return new Map([[siteId, jib(now)]]);
      },
    });
    siteId = id;
    await tick(0);
    expect(monitor.get(id)?.status).toMatchObject({ level: 'stop' });
    expect(monitor.get(id)?.status.findings[0]?.reason).toBe(
      'wind: gust 21.5 m/s from Jib anemometer ≥ stop 20 m/s',
    );

    // The read fails: the grid's calm gusts alone may not take the site out of its stop.
    reads.failing = true;
    await tick(5000);
    expect(monitor.get(id)?.status).toMatchObject({ level: 'no_data', lastLevel: 'stop' });
    expect(monitor.get(id)?.status.station).toMatchObject({ name: 'Jib anemometer', inUse: false });

    // It reads again: the station's own readings decide.
    reads.failing = false;
    await tick(5000);
    expect(monitor.get(id)?.status.level).toBe('stop');
  });
});
