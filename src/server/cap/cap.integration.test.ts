import { afterAll, describe, expect, it } from 'vitest';
import type { SiteJson } from '../../shared/api/watch-answers';
import type { DrillResponse } from '../../shared/api/channel-answers';
import {
  advanceWorld,
  type Bff,
  closeAll,
  forwardTo,
  startBff,
  startSimulator,
  startStubProvider,
} from '../testing/loopback';
import { capSchemaErrors, text, texts, xmlErrors } from '../testing/cap-xml';
import { admin, signIn, writeHeaders } from '../testing/operator';
import { cautionPolicy, stopPolicy, stormSite } from '../testing/storm-site';
import { createPostgresDatabase, engines } from '../testing/test-database';

/**
 * CAP over loopback: a BFF whose provider is the simulator under its pinned storm (a stop at
 * 18:20Z, caution from 18:41, clear or watch from 18:47), on the test's clock, on each engine.
 * Every message it serves is validated against the OASIS CAP 1.2 schema.
 */
afterAll(closeAll);

const publicUrl = 'https://skydeck.example';

interface World {
  world: string;
  bff: Bff;
  cookie: string;
  databaseUrl: string | undefined;
  /** While true the provider answers 503 to everything: the watch's data goes stale. */
  outage: { on: boolean };
}

async function startWorld(engine: string): Promise<World> {
  const world = await startSimulator();
  const outage = { on: false };
  const forward = forwardTo(world);
  const provider = await startStubProvider((request, response) => {
    if (outage.on) response.writeHead(503, { 'Content-Type': 'application/json' }).end('{}');
    else forward(request, response);
  });
  const databaseUrl = engine === 'postgres' ? await createPostgresDatabase() : undefined;
  const bff = await startBff(provider.url, {
    SKYDECK_ADMIN_PASSWORD: admin.password,
    PUBLIC_URL: publicUrl,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  return { world, bff, cookie: await signIn(bff), databaseUrl, outage };
}

async function addSite(world: World, body: object): Promise<SiteJson> {
  const response = await fetch(`${world.bff.url}/api/sites`, {
    method: 'POST',
    headers: { ...writeHeaders, Cookie: world.cookie },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { site: SiteJson }).site;
}

/** A CAP message over HTTP: 200, CAP's media type, valid against the schema. */
async function cap(bff: Bff, path: string): Promise<string> {
  const response = await fetch(`${bff.url}/api${path}`);
  const body = await response.text();
  expect(response.status, body).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/cap+xml; charset=utf-8');
  expect(await capSchemaErrors(body)).toEqual([]);
  return body;
}

/** The Atom feed over HTTP, well-formed: each entry's title and CAP link. */
async function feed(bff: Bff): Promise<{ title: string; href: string }[]> {
  const response = await fetch(`${bff.url}/api/cap.atom`);
  expect(response.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
  const body = await response.text();
  expect(await xmlErrors(body)).toEqual([]);
  expect(body).toContain('<feed xmlns="http://www.w3.org/2005/Atom">');
  const entries = body.split('<entry>').slice(1);
  return entries.map((entry) => ({
    title: text(entry, 'title') ?? '',
    href:
      /<link rel="alternate" href="([^"]+)" type="application\/cap\+xml"\/>/.exec(entry)?.[1] ?? '',
  }));
}

/** Moves the world and the BFF on a minute at a time until `done` (at most an hour). */
async function minutesUntil(world: World, done: () => boolean): Promise<void> {
  for (let minute = 0; minute < 60 && !done(); minute++) {
    await advanceWorld(world.world, 60);
    world.bff.advance(60);
    await world.bff.watch.monitor.tick();
  }
  expect(done()).toBe(true);
}

const ref = (siteId: string, seq: number, sent: string) =>
  `skydeck.example,site-${siteId}-${seq},${sent}`;

describe.each(engines)('CAP 1.2 on %s', (engine) => {
  it('a stop is an Alert, its step down an Update, its end a Cancel referencing both, the same from every replica', async () => {
    const world = await startWorld(engine);
    const name = `Smith & Sons <"North"> 'yard'`;
    const yard = await addSite(world, { name, ...stormSite, policy: stopPolicy });
    expect(yard.status.level).toBe('stop');
    const level = () => world.bff.watch.monitor.get(yard.id)?.status.level;

    const stop = await cap(world.bff, `/cap/sites/${yard.id}`);
    expect(text(stop, 'identifier')).toBe(`site-${yard.id}-1`);
    expect(text(stop, 'sender')).toBe('skydeck.example');
    expect(text(stop, 'sent')).toBe('2026-07-15T18:20:00+00:00');
    expect(text(stop, 'status')).toBe('Actual');
    expect(text(stop, 'msgType')).toBe('Alert');
    expect(text(stop, 'severity')).toBe('Severe');
    expect(text(stop, 'event')).toBe('Lightning stop');
    expect(text(stop, 'description')).toMatch(/^lightning: strike 6\.9 km/);
    expect(text(stop, 'areaDesc')).toBe(name);
    expect(stop).toContain('Smith &amp; Sons &lt;&quot;North&quot;&gt; &apos;yard&apos;');
    expect(text(stop, 'circle')).toBe('36.5,-91 7');
    // Before its first judgement the site had no data, from when it was added: superseded.
    const added = text(stop, 'references') ?? '';
    expect(added).toMatch(
      new RegExp(`^skydeck\\.example,site-${yard.id}-0,2026-07-15T18:20:00\\+00:00$`),
    );
    // The same message on every read.
    expect(await cap(world.bff, `/cap/sites/${yard.id}`)).toBe(stop);
    expect(await feed(world.bff)).toEqual([
      { title: `STOP at ${name} (was NO DATA)`, href: `${publicUrl}/api/cap/sites/${yard.id}` },
    ]);

    await minutesUntil(world, () => level() === 'caution');
    const update = await cap(world.bff, `/cap/sites/${yard.id}`);
    expect(text(update, 'msgType')).toBe('Update');
    expect(text(update, 'identifier')).toBe(`site-${yard.id}-2`);
    expect(text(update, 'severity')).toBe('Moderate');
    expect(text(update, 'event')).toBe('Lightning caution');
    const cautionSent = text(update, 'sent') ?? '';
    expect(text(update, 'references')).toBe(
      `${added} ${ref(yard.id, 1, '2026-07-15T18:20:00+00:00')}`,
    );

    await minutesUntil(world, () => level() === 'clear' || level() === 'watch');
    const cancel = await cap(world.bff, `/cap/sites/${yard.id}`);
    expect(text(cancel, 'msgType')).toBe('Cancel');
    expect(text(cancel, 'identifier')).toBe(`site-${yard.id}-3`);
    expect(text(cancel, 'references')).toBe(
      `${added} ${ref(yard.id, 1, '2026-07-15T18:20:00+00:00')} ${ref(yard.id, 2, cautionSent)}`,
    );
    expect(text(cancel, 'responseType')).toBe('AllClear');
    // Nothing is in force any more: the feed is empty.
    expect(await feed(world.bff)).toEqual([]);

    if (world.databaseUrl) {
      // Another replica on the same database tells the same message, identifier and all.
      const other = await startBff(world.world, {
        DATABASE_URL: world.databaseUrl,
        PUBLIC_URL: publicUrl,
      });
      await other.watch.monitor.reload();
      expect(await cap(other, `/cap/sites/${yard.id}`)).toBe(cancel);
    }
  }, 120_000);

  it('a caution is a Moderate Alert; a drill an Exercise in the feed; unknown ids are 404', async () => {
    const world = await startWorld(engine);
    const site = await addSite(world, { name: 'South field', ...stormSite, policy: cautionPolicy });
    expect(site.status.level).toBe('caution');
    const caution = await cap(world.bff, `/cap/sites/${site.id}`);
    expect(text(caution, 'msgType')).toBe('Alert');
    expect(text(caution, 'severity')).toBe('Moderate');
    expect(text(caution, 'circle')).toBe('36.5,-91 5');

    const started = await fetch(`${world.bff.url}/api/sites/${site.id}/drill`, {
      method: 'POST',
      headers: { ...writeHeaders, Cookie: world.cookie },
      body: '{}',
    });
    expect(started.status).toBe(202);
    const { drill } = (await started.json()) as DrillResponse;
    const exercise = await cap(world.bff, `/cap/drills/${drill.id}`);
    expect(text(exercise, 'status')).toBe('Exercise');
    expect(text(exercise, 'identifier')).toBe(`drill-${drill.id}`);
    // The site's own message is untouched by the drill.
    expect(await cap(world.bff, `/cap/sites/${site.id}`)).toBe(caution);
    const entries = await feed(world.bff);
    expect(entries.map((entry) => entry.href).sort()).toEqual(
      [`${publicUrl}/api/cap/sites/${site.id}`, `${publicUrl}/api/cap/drills/${drill.id}`].sort(),
    );
    expect(entries.map((entry) => entry.title)).toContain(
      'DRILL: STOP at South field (a drill; no site changed level)',
    );

    // A quarter of an hour on, the drill has left the feed.
    world.bff.advance(16 * 60);
    expect((await feed(world.bff)).map((entry) => entry.href)).not.toContain(
      `${publicUrl}/api/cap/drills/${drill.id}`,
    );

    for (const path of ['/cap/sites/nope', '/cap/drills/nope']) {
      const response = await fetch(`${world.bff.url}/api${path}`);
      expect(response.status).toBe(404);
      expect(((await response.json()) as { error: string }).error).toContain('nope');
    }
  }, 120_000);

  it('without fresh data a stop stays a Severe Update, and only fresh data ends it', async () => {
    const world = await startWorld(engine);
    const yard = await addSite(world, { name: 'Dark yard', ...stormSite, policy: stopPolicy });
    const level = () => world.bff.watch.monitor.get(yard.id)?.status.level;
    world.outage.on = true;
    // The stop ring's clock runs out while the provider is down: no data, not an all-clear.
    await minutesUntil(world, () => level() === 'no_data');
    const dark = await cap(world.bff, `/cap/sites/${yard.id}`);
    expect(text(dark, 'msgType')).toBe('Update');
    expect(text(dark, 'severity')).toBe('Severe');
    expect(text(dark, 'event')).toBe('Lightning stop');
    expect(text(dark, 'instruction')).toMatch(/last stop or caution stands/);
    expect(texts(dark, 'references')[0]?.split(' ')).toHaveLength(2);
    // A site added meanwhile has never been judged: no data since it was added, severity unknown.
    const unseen = await addSite(world, { name: 'New yard', lat: 40, lon: -100 });
    expect(unseen.status.level).toBe('no_data');
    const unknown = await cap(world.bff, `/cap/sites/${unseen.id}`);
    expect(text(unknown, 'identifier')).toBe(`site-${unseen.id}-0`);
    expect(text(unknown, 'msgType')).toBe('Alert');
    expect(text(unknown, 'severity')).toBe('Unknown');
    expect(text(unknown, 'event')).toBe('No current data');
    expect((await feed(world.bff)).map((entry) => entry.href).sort()).toEqual(
      [`${publicUrl}/api/cap/sites/${yard.id}`, `${publicUrl}/api/cap/sites/${unseen.id}`].sort(),
    );

    world.outage.on = false;
    await minutesUntil(world, () => level() !== 'no_data');
    const back = await cap(world.bff, `/cap/sites/${yard.id}`);
    // Fresh data within the stop ring's 30 minutes of the 18:10:48 strike: the stop, updated.
    expect(level()).toBe('stop');
    expect(text(back, 'msgType')).toBe('Update');
    expect(text(back, 'severity')).toBe('Severe');
    expect(text(back, 'certainty')).toBe('Observed');
  }, 120_000);
});
