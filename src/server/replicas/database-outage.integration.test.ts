import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteJson, WatchEventJson } from '../../shared/api/watch-answers';
import { safetyMaxAgeS } from '../../shared/safety/feed-cadence';
import { type SitePolicyInput, sitePolicySchema } from '../../shared/safety/site-policy';
import { closeAll, forwardTo, startSimulator, startStubProvider } from '../testing/loopback';
import { until } from '../testing/until';
import { admin, signIn, writeHeaders } from '../testing/operator';
import { killAll, logLines } from '../testing/processes';
import { openStream, type Replica, ready, startReplica } from '../testing/replica-process';
import { createDatabase, startTestPostgres, type TestPostgres } from '../testing/test-postgres';

/**
 * Two replicas (real processes) on a PostgreSQL server of this file's own, which the test cuts
 * connections of, stops (`pg_ctl stop -m fast`: every session ended at once) and starts again.
 * Live mode against the standalone simulator, pinned to a July afternoon with a storm over
 * Pocahontas, Arkansas (that site is at STOP throughout); Seattle is clear until the provider,
 * while the database is down, starts reporting a strike at the pier.
 */
const stormPolicy: SitePolicyInput = {
  lightning: { rings: { stop: 7, caution: 9, watch: 40 }, all_clear_minutes: 30 },
};
const pier = { lat: 47.6, lon: -122.33 };
const sitesToAdd = [
  { name: 'Pocahontas yard', lat: 36.5, lon: -91, policy: sitePolicySchema.parse(stormPolicy) },
  { name: 'Seattle pier', ...pier },
];
let server: TestPostgres;
let databaseUrl: string;
let providerUrl: string;
/** While true, every lightning answer near the pier holds a strike on it. */
let strikeAtPier = false;
const replicas: Replica[] = [];

/** Forwards to the simulator; adds the pier's strike to lightning answers when asked to. */
function provider(simulator: string) {
  const forward = forwardTo(simulator);
  return (
    request: Parameters<ReturnType<typeof forwardTo>>[0],
    response: Parameters<ReturnType<typeof forwardTo>>[1],
  ) => {
    const url = new URL(request.url ?? '/', 'http://stub');
    const nearPier = Math.abs(Number(url.searchParams.get('lat')) - pier.lat) < 1;
    if (!strikeAtPier || !url.pathname.endsWith('/current/lightning') || !nearPier)
      return forward(request, response);
    void (async () => {
      const answer = await fetch(
        `${simulator}${url.pathname.replace(/^\/v2\.0/, '')}${url.search}`,
      );
      const body = (await answer.json()) as { count: number; lightning: object[] };
      body.lightning.unshift({
        lat: pier.lat,
        lon: pier.lon,
        bearing_cardinal: 'N',
        bearing_degrees: 0,
        distance_km: 0,
        distance_mi: 0,
        id: 999_999_999,
        timestamp_utc: new Date().toISOString().slice(0, 19),
        timestamp_local: new Date().toISOString().slice(0, 19),
        past_mins: 0.1,
        type: 'CG',
        source: 'stub',
      });
      body.count = body.lightning.length;
      response.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    })().catch(() => response.destroy());
  };
}

const alive = (replica: Replica) =>
  replica.process.child.exitCode === null && replica.process.child.signalCode === null;

async function leaders(): Promise<number> {
  const answers = await Promise.all(replicas.map(ready));
  return answers.filter((answer) => answer?.watch === 'leader').length;
}

async function events(replica: Replica): Promise<WatchEventJson[]> {
  const response = await fetch(`${replica.url}/api/events?limit=500`);
  return ((await response.json()) as { events: WatchEventJson[] }).events.reverse();
}

async function sites(replica: Replica): Promise<SiteJson[]> {
  return ((await (await fetch(`${replica.url}/api/sites`)).json()) as { sites: SiteJson[] }).sites;
}

/** Milliseconds from `began` (performance.now()) until `condition` holds (polled). */
async function timeUntil(
  condition: () => Promise<boolean>,
  what: string,
  timeoutMs: number,
  began = performance.now(),
): Promise<number> {
  await until(condition, what, timeoutMs);
  return Math.round(performance.now() - began);
}

/** The lines a replica logged from `since` (epoch ms) on. */
function linesSince(replica: Replica, since: number) {
  return logLines(replica.process.stdout()).filter(
    (line) => Date.parse(String(line.time)) >= since,
  );
}

beforeAll(async () => {
  server = await startTestPostgres();
  databaseUrl = await createDatabase(server.url, 'skydeck_outage');
  const simulator = await startSimulator();
  providerUrl = (await startStubProvider(provider(simulator))).url;
  replicas.push(
    ...(await Promise.all(
      ['A', 'B'].map((name) => startReplica(name, { databaseUrl, providerUrl })),
    )),
  );
}, 180_000);

afterAll(async () => {
  await killAll();
  await closeAll();
  await server?.stop();
});

describe('two replicas when PostgreSQL drops, stops and starts again', () => {
  it('lives through an idle pooled connection cut by the server', async () => {
    for (const replica of replicas) expect((await ready(replica))?.code).toBe(200);
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    let pids: number[] = [];
    try {
      // The pools' idle connections (the coordinators' own are named skydeck:…).
      const { rows } = await admin.query<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND state = 'idle'
           AND application_name NOT LIKE 'skydeck:%' AND pid <> pg_backend_pid()`,
      );
      expect(rows.length).toBeGreaterThanOrEqual(replicas.length);
      pids = rows.map((row) => row.pid);
      await admin.query('SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) AS pid', [pids]);
    } finally {
      await admin.end();
    }
    // Each replica hears of its own (a request that drew one not yet heard of would fail, as
    // any query does on a connection that dies under it).
    const heard = () =>
      replicas
        .flatMap((replica) => logLines(replica.process.stdout()))
        .filter((line) => /administrator command/.test(String(line.message))).length;
    await until(
      () => heard() >= pids.length || !replicas.every(alive),
      'the replicas hear of every cut connection',
    );
    expect(replicas.filter(alive).map((replica) => replica.name)).toEqual(['A', 'B']);
    // Every replica keeps serving what needs the database.
    for (let round = 0; round < 3; round++)
      for (const replica of replicas) {
        expect((await ready(replica))?.code).toBe(200);
        expect((await fetch(`${replica.url}/api/events`)).status).toBe(200);
      }
    expect(replicas.filter(alive).map((replica) => replica.name)).toEqual(['A', 'B']);
  });

  it('while stopped: alive, not ready, serving cached weather, deciding nothing; once started: ready, one leader, sessions good, the pier judged', async () => {
    const [a, b] = replicas as [Replica, Replica];
    const cookie = await signIn(a);
    for (const site of sitesToAdd) {
      const response = await fetch(`${b.url}/api/sites`, {
        method: 'POST',
        headers: { ...writeHeaders, Cookie: cookie },
        body: JSON.stringify(site),
      });
      expect(response.status).toBe(201);
    }
    for (const replica of replicas)
      await until(
        async () =>
          JSON.stringify((await sites(replica)).map((site) => site.status.level)) ===
          JSON.stringify(['stop', 'clear']),
        `${replica.name} reads both sites judged`,
        30_000,
      );
    await until(async () => (await leaders()) === 1, 'one replica leads', 15_000);
    const before = await events(a);
    const streams = replicas.map((replica) => openStream(replica));
    // Weather a page asked for, in each replica's cache, the last answer before the stop.
    const weather = '/api/current/lightning?lat=39.74&lon=-104.99&search_distance_km=50';
    for (const replica of replicas)
      expect((await fetch(`${replica.url}${weather}`)).status).toBe(200);

    strikeAtPier = true;
    const haltedAt = Date.now();
    const halting = server.halt();
    const toNotReady = await Promise.all(
      replicas.map((replica) =>
        timeUntil(
          async () => {
            const answer = await ready(replica);
            return answer?.code === 503 && answer.database === 'error';
          },
          `${replica.name} answers 503 with database "error"`,
          30_000,
        ),
      ),
    );
    await halting;

    // Down: served from the cache, fresh and then stale; nothing decided, nothing recorded. The
    // outage lasts until the answers from before it are too old for the watch's lightning, so
    // once back the leader sees the strike at its first asking, not at its next turn.
    const tooOld = safetyMaxAgeS('lightning');
    for (const replica of replicas) {
      const fresh = await fetch(`${replica.url}${weather}`);
      expect(fresh.status).toBe(200);
      let stale: Response | undefined;
      await until(
        async () => {
          stale = await fetch(`${replica.url}${weather}`, {
            headers: { 'Cache-Control': `max-age=${tooOld}` },
          });
          expect(stale.status).toBe(200);
          return stale.headers.get('x-cache') === 'STALE';
        },
        `${replica.name} serves the answer STALE`,
        3 * tooOld * 1000,
        250,
      );
      expect((await sites(replica)).map((site) => site.status.level)).toEqual(['stop', 'clear']);
    }
    // What needs the database says so: 503 and why, never a 500.
    for (const replica of replicas) {
      const log = await fetch(`${replica.url}/api/events`);
      expect(log.status).toBe(503);
      expect(((await log.json()) as { error: string }).error).toMatch(/database cannot be reached/);
      const write = await fetch(`${replica.url}/api/sites`, {
        method: 'POST',
        headers: { ...writeHeaders, Cookie: cookie },
        body: JSON.stringify(sitesToAdd[0]),
      });
      expect(write.status).toBe(503);
    }
    expect(replicas.filter(alive).map((replica) => replica.name)).toEqual(['A', 'B']);

    const resumedAt = Date.now();
    const resumeBegan = performance.now();
    await server.resume();
    const serverMs = Math.round(performance.now() - resumeBegan);
    const toReady = await Promise.all(
      replicas.map((replica) =>
        timeUntil(
          async () => (await ready(replica))?.code === 200,
          `${replica.name} is ready again`,
          60_000,
          resumeBegan,
        ),
      ),
    );
    let most = 0;
    await until(
      async () => {
        const count = await leaders();
        most = Math.max(most, count);
        return count === 1;
      },
      'one replica leads again',
      30_000,
    );
    expect(most).toBe(1);
    // The session made before the outage is still good, on either replica.
    for (const replica of replicas) {
      const session = await fetch(`${replica.url}/api/session`, { headers: { Cookie: cookie } });
      expect(((await session.json()) as { operator: unknown }).operator).toEqual({
        username: admin.username,
        role: 'admin',
      });
    }
    const judgedMs = await timeUntil(
      async () =>
        (await events(a)).some(
          (event) => event.site_name === 'Seattle pier' && event.to === 'stop',
        ),
      'the strike at the pier is recorded',
      120_000,
    );
    // The shared cache's lock pool works again: the answer that showed the strike was shared.
    const check = new pg.Client({ connectionString: databaseUrl });
    await check.connect();
    try {
      const { rows } = await check.query<{ n: string }>(
        'SELECT count(*) AS n FROM provider_cache WHERE stored_at >= $1',
        [resumedAt / 1000],
      );
      expect(Number(rows[0]?.n)).toBeGreaterThan(0);
    } finally {
      await check.end();
    }
    const after = await events(b);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(
      after.slice(before.length).map((event) => [event.site_name, event.from, event.to]),
    ).toEqual([['Seattle pier', 'clear', 'stop']]);
    expect(Date.parse(after.at(-1)?.at ?? '')).toBeGreaterThanOrEqual(resumedAt);
    for (const stream of streams) {
      expect(stream.messages.filter((m) => m.event === 'record' && m.at < resumeBegan)).toEqual([]);
      stream.close();
    }
    expect(replicas.filter(alive).map((replica) => replica.name)).toEqual(['A', 'B']);

    // Said once, not every tick or every attempt to reconnect.
    const told: string[] = [];
    for (const replica of replicas) {
      const counts = new Map<string, number>();
      for (const line of linesSince(replica, haltedAt))
        if (Date.parse(String(line.time)) < resumedAt && line.level === 'error')
          counts.set(line.event, (counts.get(line.event) ?? 0) + 1);
      expect(counts.get('replica-link') ?? 0, replica.name).toBeLessThanOrEqual(1);
      expect(counts.get('watch-suspended') ?? 0, replica.name).toBeLessThanOrEqual(1);
      expect(counts.get('watch-tick'), replica.name).toBeUndefined();
      const since = linesSince(replica, resumedAt).filter((line) => line.level === 'error');
      told.push(
        `${replica.name} ${JSON.stringify(Object.fromEntries(counts))}, after: ` +
          JSON.stringify(since.map((line) => [line.event, line.message])),
      );
    }
    console.error(
      `database-outage: stop → 503 ${toNotReady.join(', ')} ms; start → 200 ${toReady.join(', ')} ms (PostgreSQL itself ${serverMs} ms); ` +
        `leaders after: ${most}; the pier's strike recorded ${judgedMs} ms after all were ready; ` +
        `error lines while down and after: ${told.join('; ')}`,
    );
  }, 300_000);
});
