import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteJson, WatchEventJson } from '../../shared/api/watch-answers';
import { type SitePolicyInput, sitePolicySchema } from '../../shared/safety/site-policy';
import {
  advanceWorld,
  type Bff,
  closeAll,
  forwardTo,
  simulatedNow,
  startBff,
  startSimulator,
  startStubProvider,
} from '../testing/loopback';
import { createPostgresDatabase, engines } from '../testing/test-database';
import { admin, signIn, writeHeaders } from '../testing/operator';

/**
 * The watch end to end over loopback: the standalone simulator, pinned to a July afternoon when
 * a storm stands over Pocahontas, Arkansas, and a BFF whose monitor the test runs round by round
 * while it moves both clocks on together.
 *
 * At the pinned 18:20:00Z the storm's strikes near the site are, by distance and age: 6.9 km
 * (9.2 min old), 7.7 km (3.5 min), then nothing newer; it has died out. Their stamps, which
 * agree with those ages, date them to the second, which the watch reads as its latest moment:
 * 18:10:48.999, 18:16:28.999 (strikeTime).
 */
const site = { lat: 36.5, lon: -91 };
const lastStopStrike = Date.parse('2026-07-15T18:10:48.999Z');
const lastCautionStrike = Date.parse('2026-07-15T18:16:28.999Z');

/** Rings drawn so the two last strikes fall in different rings: stop 7 km, caution 9 km. */
const stormPolicy: SitePolicyInput = {
  lightning: { rings: { stop: 7, caution: 9, watch: 40 }, all_clear_minutes: 30 },
};

let simulator: string;

beforeAll(async () => {
  simulator = await startSimulator();
});
afterAll(closeAll);

async function addSite(bff: Bff, cookie: string, body: object): Promise<Response> {
  return fetch(`${bff.url}/api/sites`, {
    method: 'POST',
    headers: { ...writeHeaders, Cookie: cookie },
    body: JSON.stringify(body),
  });
}

async function sites(bff: Bff): Promise<SiteJson[]> {
  return ((await (await fetch(`${bff.url}/api/sites`)).json()) as { sites: SiteJson[] }).sites;
}

async function quota(bff: Bff): Promise<{ spent: number }> {
  return (await (await fetch(`${bff.url}/api/quota`)).json()) as { spent: number };
}

async function events(bff: Bff, query = ''): Promise<WatchEventJson[]> {
  const response = await fetch(`${bff.url}/api/events${query}`);
  return ((await response.json()) as { events: WatchEventJson[] }).events;
}

/**
 * Moves the BFF on a minute (and the world, when given: only a test with a simulator of its own
 * may move one), then runs one round of the monitor.
 */
async function minuteLater(bff: Bff, world?: string): Promise<void> {
  if (world) await advanceWorld(world, 60);
  bff.advance(60);
  await bff.watch.monitor.tick();
}

describe('the watch, against the simulator', () => {
  it('stops a site under a storm, holds it for the all-clear time and steps down ring by ring', async () => {
    const world = await startSimulator();
    const bff = await startBff(world, { SKYDECK_ADMIN_PASSWORD: admin.password });
    const cookie = await signIn(bff);
    const created = await addSite(bff, cookie, {
      name: 'Pocahontas yard',
      ...site,
      policy: sitePolicySchema.parse(stormPolicy),
    });
    expect(created.status).toBe(201);
    const { site: added } = (await created.json()) as { site: SiteJson };
    // Adding a site judges it at once: the first refresh is the one that stops it.
    expect(added.status.level).toBe('stop');
    expect(added.status.all_clear_at).toBe(new Date(lastStopStrike + 30 * 60_000).toISOString());

    const [stop] = await events(bff);
    expect(stop).toMatchObject({
      site_id: added.id,
      from: 'no_data',
      to: 'stop',
      rule: 'lightning',
    });
    expect(stop?.reason).toMatch(
      /^lightning: strike 6\.9 km [NESW]{1,3} at 18:10:48 UTC inside the 7 km stop ring$/,
    );
    expect(stop?.at).toBe(new Date(simulatedNow).toISOString());

    // Still STOP one minute before the stop ring's 30 minutes are up.
    const stopEnds = lastStopStrike + 30 * 60_000;
    const levels: { at: number; level: string }[] = [];
    while (simulatedNow + levels.length * 60_000 + 60_000 < lastCautionStrike + 32 * 60_000) {
      await minuteLater(bff, world);
      const [now] = await sites(bff);
      levels.push({
        at: simulatedNow + (levels.length + 1) * 60_000,
        level: now?.status.level ?? '',
      });
    }
    for (const { at, level } of levels) {
      // Data from after a ring's end must show it strike-free before the level drops.
      if (at < stopEnds) expect(level, new Date(at).toISOString()).toBe('stop');
      else if (at < lastCautionStrike + 30 * 60_000)
        expect(level, new Date(at).toISOString()).toBe('caution');
      else expect(level, new Date(at).toISOString()).toBe('clear');
    }
    const record = (await events(bff)).reverse();
    expect(record.map((event) => `${event.from}→${event.to}`)).toEqual([
      'no_data→stop',
      'stop→caution',
      'caution→clear',
    ]);
    expect(record[1]?.reason).toMatch(
      /strike 7\.7 km .* at 18:16:28 UTC inside the 9 km caution ring/,
    );
    await bff.close();
  });

  it('asks for lightning every minute, though each answer reaches the cache a moment after it asked', async () => {
    const forward = forwardTo(simulator);
    const stub = await startStubProvider(forward);
    const bff = await startBff(stub.url, { SKYDECK_ADMIN_PASSWORD: admin.password });
    // The provider takes a second to answer: the watch's answer is stored a second after it
    // asked, so at its next round, a minute after asking, the cache holds it as 59 s old and
    // still fresh. Taken, it would leave the watch a minute behind every other round.
    stub.handler = (request, response) => {
      bff.advance(1);
      forward(request, response);
    };
    const cookie = await signIn(bff);
    await addSite(bff, cookie, { name: 'Slow yard', ...site, policy: stormPolicy });
    const dataAt = () => bff.watch.monitor.list()[0]?.clocks.dataAt ?? NaN;
    const first = dataAt();
    const asked = await bff.upstreamCalls('current/lightning');
    for (let minute = 1; minute <= 5; minute++) {
      // Less the second the last answer took, so each round comes a minute after the last asked.
      bff.advance(59);
      await bff.watch.monitor.tick();
      expect(await bff.upstreamCalls('current/lightning')).toBe(asked + minute);
      expect(dataAt()).toBeGreaterThan(first + (minute - 1) * 60_000);
    }
    await bff.close();
  });

  it('goes to no_data when the provider fails, never to clear, and keeps its last level', async () => {
    const stub = await startStubProvider(forwardTo(simulator));
    const bff = await startBff(stub.url, { SKYDECK_ADMIN_PASSWORD: admin.password });
    const cookie = await signIn(bff);
    const created = await addSite(bff, cookie, {
      name: 'Outage yard',
      ...site,
      policy: stormPolicy,
    });
    expect(((await created.json()) as { site: SiteJson }).site.status.level).toBe('stop');

    stub.handler = (_request, response) => response.writeHead(503).end('{"error":"down"}');
    // One missed refresh is a hiccup: the data is two minutes old, still within two periods.
    for (let minute = 1; minute <= 2; minute++) await minuteLater(bff);
    expect((await sites(bff))[0]?.status.level).toBe('stop');
    // The second missed refresh makes it stale; from then on nothing the BFF still holds
    // (it keeps serving its last good answer) can hold or lower the level.
    for (let minute = 3; minute <= 45; minute++) {
      await minuteLater(bff);
      const [stale] = await sites(bff);
      expect(stale?.status.level).toBe('no_data');
      expect(stale?.status.last_level).toBe('stop');
      expect(stale?.status.reasons[0]).toMatch(/^no fresh lightning data since 18:20:00 UTC/);
    }
    expect((await events(bff)).map((event) => event.to)).not.toContain('clear');
    await bff.close();
  });

  it('pushes a level change to an open stream, and replays it to one that resumes', async () => {
    const bff = await startBff(simulator, { SKYDECK_ADMIN_PASSWORD: admin.password });
    const cookie = await signIn(bff);
    const stream = await fetch(`${bff.url}/api/stream`);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    const until = async (pattern: RegExp) => {
      while (!pattern.test(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended before ${pattern}`);
        text += value;
      }
    };
    await until(/event: ready/);
    const sent = performance.now();
    await addSite(bff, cookie, { name: 'Stream yard', ...site, policy: stormPolicy });
    await until(/event: record\ndata: .*"to":"stop".*\nid: \d+/);
    console.log(
      `SSE: level change to the open stream in ${(performance.now() - sent).toFixed(0)} ms (POST included)`,
    );
    const id = /event: record\ndata: .*\nid: (\d+)/.exec(text)?.[1];
    await reader.cancel();

    // A page that drops and comes back with Last-Event-ID gets what it missed, then the present.
    const resumed = await fetch(`${bff.url}/api/stream`, {
      headers: { 'Last-Event-ID': String(Number(id) - 1) },
    });
    const resumedReader = resumed.body!.pipeThrough(new TextDecoderStream()).getReader();
    let replay = '';
    while (!/event: ready/.test(replay)) replay += (await resumedReader.read()).value ?? '';
    await resumedReader.cancel();
    expect(replay).toMatch(new RegExp(`^event: record\ndata: .*\nid: ${id}\n`));
    expect(replay).toMatch(/event: status\ndata: .*"level":"stop"/);
    await bff.close();
  });

  it.each(engines)(
    'keeps every event, each site status and the quota spent across a restart, on %s',
    async (engine) => {
      const dataDir = mkdtempSync(join(tmpdir(), 'skydeck-watch-restart-'));
      const database: Record<string, string> =
        engine === 'postgres' ? { DATABASE_URL: await createPostgresDatabase() } : {};
      const first = await startBff(
        simulator,
        { SKYDECK_ADMIN_PASSWORD: admin.password, ...database },
        dataDir,
      );
      const cookie = await signIn(first);
      await addSite(first, cookie, { name: 'Restart yard', ...site, policy: stormPolicy });
      const before = await events(first);
      expect(before).toHaveLength(1);
      const spent = (await quota(first)).spent;
      expect(spent).toBeGreaterThan(0);
      await first.close();

      const second = await startBff(simulator, database, dataDir);
      expect(await events(second)).toEqual(before);
      const [kept] = await sites(second);
      expect(kept?.status.level).toBe('stop');
      expect((await quota(second)).spent).toBe(spent);
      await second.close();
    },
  );

  it('refuses writes without a signed-in operator, and changes to the record', async () => {
    const bff = await startBff(simulator, { SKYDECK_ADMIN_PASSWORD: admin.password });
    const anonymous = await fetch(`${bff.url}/api/sites`, {
      method: 'POST',
      headers: writeHeaders,
      body: JSON.stringify({ name: 'x', ...site }),
    });
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { error: string }).error).toMatch(/sign in/i);
    expect(await sites(bff)).toEqual([]);

    const cookie = await signIn(bff);
    await addSite(bff, cookie, { name: 'Record yard', ...site, policy: stormPolicy });
    const [event] = await events(bff);
    for (const method of ['PUT', 'PATCH', 'DELETE'])
      expect(
        (
          await fetch(`${bff.url}/api/events/${event?.id}`, {
            method,
            headers: { ...writeHeaders, Cookie: cookie },
          })
        ).status,
      ).toBe(405);
    const bad = await addSite(bff, cookie, { name: 'Far', lat: 91, lon: 0 });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toBe(
      'Invalid lat: must be a number from -90 to 90',
    );
    await bff.close();
  });

  it('refuses a site that would take the projected daily spend past QUOTA_DAILY_LIMIT', async () => {
    // One site costs 1440 lightning + 1440 alerts + 144 current units a day.
    const bff = await startBff(simulator, {
      SKYDECK_ADMIN_PASSWORD: admin.password,
      QUOTA_DAILY_LIMIT: '5000',
    });
    const cookie = await signIn(bff);
    expect((await addSite(bff, cookie, { name: 'First', ...site })).status).toBe(201);
    // A second site 5 km away shares the lightning search: 1440 + 144 more, within 5000.
    expect((await addSite(bff, cookie, { name: 'Near', lat: 36.545, lon: -91 })).status).toBe(201);
    const far = await addSite(bff, cookie, { name: 'Far', lat: 40, lon: -100 });
    expect(far.status).toBe(409);
    const refusal = (await far.json()) as { error: string; spend: { units_per_day: number } };
    expect(refusal.spend.units_per_day).toBe(1440 + 2 * 1440 + 2 * 144);
    expect(refusal.error).toContain('past the daily limit of 5000 (QUOTA_DAILY_LIMIT)');
    expect(await sites(bff)).toHaveLength(2);
    await bff.close();
  });
});
