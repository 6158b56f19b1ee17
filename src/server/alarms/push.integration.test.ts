import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpush from 'web-push';
import type { DeliveryJson, DrillResponse } from '../../shared/api/channel-answers';
import type {
  CreatePushSubscriptionBody,
  PushKeyResponse,
  PushSubscriptionsResponse,
} from '../../shared/api/push';
import type { SiteJson } from '../../shared/api/watch-answers';
import type { CreateSiteBody } from '../../shared/api/watch';
import {
  advanceWorld,
  type Bff,
  closeAll,
  simulatedNow,
  startBff,
  startSimulator,
} from '../testing/loopback';
import { writeHeaders } from '../testing/operator';
import { openDatabase } from '../db/database';
import { createPostgresDatabase, openTestDatabase } from '../testing/test-database';
import { PushStore } from './push-store';
import {
  type Browser,
  newBrowser,
  type Push,
  operatorWrite,
  pushHarness,
  type PushHarness,
  pushPublicUrl,
  subscriptionOf,
} from '../testing/push-service';
import { until } from '../testing/until';
import { stopPolicy, stormSite } from '../testing/storm-site';

const publicUrl = pushPublicUrl;

let simulator: string;
beforeAll(async () => {
  simulator = await startSimulator();
});
afterAll(closeAll);

type Harness = PushHarness;
const harness = (env: Record<string, string> = {}) => pushHarness(simulator, env);
const write = operatorWrite;

async function subscribe(
  h: Harness,
  name: string,
  extra: Omit<CreatePushSubscriptionBody, 'subscription'> = {},
): Promise<{ id: string; browser: Browser }> {
  const browser = newBrowser(`${h.service.origin}/push/${name}`);
  h.service.browsers.set(`/push/${name}`, browser);
  const response = await write(h, 'POST', '/push/subscriptions', {
    subscription: subscriptionOf(browser),
    ...extra,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return { id: ((await response.json()) as { id: string }).id, browser };
}

async function addSite(h: Harness, body: Omit<CreateSiteBody, 'lat' | 'lon'>): Promise<SiteJson> {
  const response = await write(h, 'POST', '/sites', { ...stormSite, ...body });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { site: SiteJson }).site;
}

async function deliveries(bff: Bff, channel: string): Promise<DeliveryJson[]> {
  const response = await fetch(`${bff.url}/api/deliveries?channel=${channel}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { deliveries: DeliveryJson[] }).deliveries.reverse();
}

describe('Web Push, through a push service stub that decrypts and verifies', () => {
  it('pushes a stop, encrypted and signed, urgent, to the subscribed browser; listed in deliveries', async () => {
    const h = await harness();
    const { id } = await subscribe(h, 'phone');
    expect(id).toMatch(/^push-/);
    let recorded = 0;
    h.bff.watch.hub.subscribe(
      (message) => {
        if (message.event === 'record') recorded = performance.now();
      },
      () => undefined,
    );
    const yard = await addSite(h, { name: 'Storm yard', policy: stopPolicy });
    expect(yard.status.level).toBe('stop');
    await until(() => h.service.pushes.length >= 1, 'the push reached the push service');
    console.log(
      `Push: level change recorded → push received and decrypted by the push service stub in ${(
        (h.service.pushes[0] as Push).at - recorded
      ).toFixed(1)} ms (loopback)`,
    );
    await h.bff.watch.alarms.idle();
    expect(h.service.refusals).toEqual([]);
    const [push] = h.service.pushes as [Push];
    expect(push.headers.urgency).toBe('high');
    expect(push.headers.ttl).toBe('1800');
    expect(push.payload).toEqual({
      title: 'STOP at Storm yard (was NO DATA)',
      body: expect.any(String) as string,
      site_id: yard.id,
      site_name: 'Storm yard',
      level: 'stop',
      url: `${publicUrl}/?v=3&view=board&site=${yard.id}`,
    });
    expect(push.payload.body.length).toBeGreaterThan(0);
    expect(await deliveries(h.bff, id)).toMatchObject([
      { channel_id: id, kind: 'change', attempt: 1, outcome: 'delivered', status: 201 },
    ]);
    // The private key never shows, in an answer or a log line.
    const [keys] = await Promise.all([fetch(`${h.bff.url}/api/push/key`).then((r) => r.text())]);
    expect(Object.keys(JSON.parse(keys) as object)).toEqual(['public_key']);
    for (const line of h.bff.logs) expect(line).not.toMatch(/private/i);
    await h.bff.close();
  });

  it('follows only its levels and sites; a drill is pushed titled DRILL', async () => {
    const h = await harness();
    const other = await addSite(h, { name: 'Other yard', policy: stopPolicy });
    const { id: cautionOnly } = await subscribe(h, 'caution', { levels: ['caution'] });
    const { id: elsewhere } = await subscribe(h, 'elsewhere', { sites: [other.id] });
    const { id: all } = await subscribe(h, 'all');
    const yard = await addSite(h, { name: 'Drill yard', policy: stopPolicy });
    await until(() => h.service.pushes.length >= 1, 'the stop was pushed');
    await h.bff.watch.alarms.idle();
    expect(h.service.pushes.map((push) => [push.path, push.payload.site_id])).toEqual([
      ['/push/all', yard.id],
    ]);

    h.service.pushes.length = 0;
    const response = await write(h, 'POST', `/sites/${yard.id}/drill`);
    expect(response.status).toBe(202);
    const { drill } = (await response.json()) as DrillResponse;
    expect(drill.deliveries.map((row) => [row.channel_id, row.kind]).sort()).toEqual(
      [[all, 'push']].sort(),
    );
    await until(() => h.service.pushes.length >= 1, 'the drill was pushed');
    await h.bff.watch.alarms.idle();
    expect(h.service.refusals).toEqual([]);
    expect(h.service.pushes.map((push) => [push.path, push.payload.title])).toEqual([
      ['/push/all', 'DRILL'],
    ]);
    expect(h.service.pushes[0]?.payload.body).toMatch(/^DRILL: STOP at Drill yard/);
    expect(await deliveries(h.bff, all)).toMatchObject([
      { kind: 'change', outcome: 'delivered' },
      { kind: `drill:${drill.id}`, outcome: 'delivered' },
    ]);
    for (const id of [cautionOnly, elsewhere]) expect(await deliveries(h.bff, id)).toEqual([]);
    await h.bff.close();
  });

  it('deletes a subscription the push service answers 404 or 410 for; retries a 500', async () => {
    const h = await harness();
    const { id: gone } = await subscribe(h, 'gone');
    const { id: lost } = await subscribe(h, 'lost');
    const { id: flaky } = await subscribe(h, 'flaky');
    let flakyTries = 0;
    h.service.respond = (push) => {
      if (push.path === '/push/gone') return 410;
      if (push.path === '/push/lost') return 404;
      return ++flakyTries <= 2 ? 500 : 201;
    };
    await addSite(h, { name: 'Flaky yard', policy: stopPolicy });
    await until(() => h.service.pushes.length >= 5, 'every attempt reached the push service');
    await h.bff.watch.alarms.idle();
    expect(h.service.refusals).toEqual([]);
    for (const [id, status] of [
      [gone, 410],
      [lost, 404],
    ] as const) {
      const [attempt, ...more] = await deliveries(h.bff, id);
      expect(more).toEqual([]);
      expect(attempt).toMatchObject({ attempt: 1, outcome: 'failed', status });
      expect(attempt?.detail).toContain('the subscription was deleted');
    }
    expect(
      (await deliveries(h.bff, flaky)).map((row) => [row.attempt, row.outcome, row.status]),
    ).toEqual([
      [1, 'retry', 500],
      [2, 'retry', 500],
      [3, 'delivered', 201],
    ]);
    const mine = (await (
      await fetch(`${h.bff.url}/api/push/subscriptions`, { headers: { Cookie: h.cookie } })
    ).json()) as PushSubscriptionsResponse;
    expect(mine.subscriptions.map((row) => row.id)).toEqual([flaky]);
    await h.bff.close();
  });

  it('refuses bad subscriptions with a 400 naming the field; an operator sees and deletes only their own', async () => {
    const h = await harness();
    const good = subscriptionOf(newBrowser(`${h.service.origin}/push/x`));
    const cases: [object, RegExp][] = [
      [{}, /^Invalid subscription: /],
      [
        { subscription: { ...good, endpoint: 'ftp://push.example/x' } },
        /^Invalid subscription\.endpoint: must be an https URL/,
      ],
      [
        { subscription: { ...good, endpoint: 'http://push.example/x' } },
        /^Invalid subscription\.endpoint: /,
      ],
      [
        { subscription: { ...good, keys: { ...good.keys, p256dh: 'abc' } } },
        /^Invalid subscription\.keys\.p256dh: /,
      ],
      [
        { subscription: { ...good, keys: { ...good.keys, auth: '!!' } } },
        /^Invalid subscription\.keys\.auth: /,
      ],
      [{ subscription: good, levels: ['red'] }, /^Invalid levels\.0: /],
      [{ subscription: good, sites: ['nowhere'] }, /^Invalid sites\.0: no site nowhere/],
      [
        { subscription: { ...good, endpoint: 'https://169.254.169.254/push' } },
        /^Invalid subscription\.endpoint: the target resolves to a link-local/,
      ],
    ];
    for (const [body, error] of cases) {
      const response = await write(h, 'POST', '/push/subscriptions', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(error);
    }
    // Signed out: no subscribing, no list.
    const anonymous = await fetch(`${h.bff.url}/api/push/subscriptions`, {
      method: 'POST',
      headers: writeHeaders,
      body: JSON.stringify({ subscription: good }),
    });
    expect(anonymous.status).toBe(401);
    expect((await fetch(`${h.bff.url}/api/push/subscriptions`)).status).toBe(401);
    // Without the write header (a form from another site): refused.
    const forged = await fetch(`${h.bff.url}/api/push/subscriptions`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: h.cookie },
      body: JSON.stringify({ subscription: good }),
    });
    expect(forged.status).toBe(403);

    // The same browser subscribing again keeps its id; the cap counts browsers.
    const first = await subscribe(h, 'again');
    const again = await write(h, 'POST', '/push/subscriptions', {
      subscription: subscriptionOf(first.browser),
      levels: ['stop'],
    });
    expect(((await again.json()) as { id: string }).id).toBe(first.id);
    for (let n = 2; n <= 10; n++) await subscribe(h, `device-${n}`);
    const over = await write(h, 'POST', '/push/subscriptions', {
      subscription: subscriptionOf(newBrowser(`${h.service.origin}/push/eleventh`)),
    });
    expect(over.status).toBe(409);
    expect(((await over.json()) as { error: string }).error).toContain('at most 10 browsers');

    const list = (await (
      await fetch(`${h.bff.url}/api/push/subscriptions`, { headers: { Cookie: h.cookie } })
    ).json()) as PushSubscriptionsResponse;
    expect(list.subscriptions).toHaveLength(10);
    expect(list.subscriptions.find((row) => row.id === first.id)).toMatchObject({
      id: first.id,
      endpoint_origin: h.service.origin,
      levels: ['stop'],
      sites: null,
    });
    expect(JSON.stringify(list)).not.toContain('/push/again');
    // Another operator cannot delete it.
    const created = await write(h, 'POST', '/operators', {
      username: 'crane',
      password: 'another long passphrase',
      role: 'operator',
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const crane = await fetch(`${h.bff.url}/api/session`, {
      method: 'POST',
      headers: writeHeaders,
      body: JSON.stringify({ username: 'crane', password: 'another long passphrase' }),
    });
    const craneCookie = (crane.headers.get('set-cookie') ?? '').split(';')[0] as string;
    const theirs = await fetch(`${h.bff.url}/api/push/subscriptions/${first.id}`, {
      method: 'DELETE',
      headers: { ...writeHeaders, Cookie: craneCookie },
    });
    expect(theirs.status).toBe(404);
    const craneList = (await (
      await fetch(`${h.bff.url}/api/push/subscriptions`, { headers: { Cookie: craneCookie } })
    ).json()) as PushSubscriptionsResponse;
    expect(craneList.subscriptions).toEqual([]);
    expect((await write(h, 'DELETE', `/push/subscriptions/${first.id}`)).status).toBe(204);
    expect((await write(h, 'DELETE', `/push/subscriptions/${first.id}`)).status).toBe(404);
    await h.bff.close();
  });

  it('pushes nothing off hours; the window opening pushes the standing stop', async () => {
    const h = await harness();
    const { id } = await subscribe(h, 'lead');
    // 13:20 in Chicago on a Wednesday (simulatedNow): the yard works from 13:25.
    expect(new Date(simulatedNow).toISOString()).toBe('2026-07-15T18:20:00.000Z');
    const yard = await addSite(h, {
      name: 'North yard',
      policy: stopPolicy,
      schedule: { windows: [{ days: ['wed'], from: '13:25', to: '14:00' }] },
    });
    expect(yard.status).toMatchObject({ level: 'stop', off_hours: true });
    await h.bff.watch.alarms.sweep();
    await h.bff.watch.alarms.idle();
    expect(h.service.pushes).toEqual([]);
    for (let minute = 0; minute < 5; minute++) {
      await advanceWorld(simulator, 60);
      h.bff.advance(60);
      await h.bff.watch.monitor.tick();
    }
    await h.bff.watch.alarms.sweep();
    await until(() => h.service.pushes.length >= 1, 'the opening was pushed');
    await h.bff.watch.alarms.idle();
    expect(h.service.refusals).toEqual([]);
    expect(h.service.pushes.map((push) => push.payload.title)).toEqual([
      'STOP at North yard as the working day starts',
    ]);
    expect(await deliveries(h.bff, id)).toMatchObject([{ kind: 'opening', outcome: 'delivered' }]);
    await h.bff.close();
  });
});

describe('VAPID keys', () => {
  it('two replicas starting at once on one PostgreSQL make and share one key pair', async () => {
    const DATABASE_URL = await createPostgresDatabase();
    const [one, two] = await Promise.all([
      startBff(simulator, { DATABASE_URL }),
      startBff(simulator, { DATABASE_URL }),
    ]);
    const keyOf = async (bff: Bff) =>
      ((await (await fetch(`${bff.url}/api/push/key`)).json()) as PushKeyResponse).public_key;
    const [a, b] = await Promise.all([keyOf(one as Bff), keyOf(two as Bff)]);
    expect(a).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(b).toBe(a);
    await (one as Bff).close();
    // After a restart, the same pair.
    const three = await startBff(simulator, { DATABASE_URL });
    expect(await keyOf(three)).toBe(a);
    await Promise.all([(two as Bff).close(), three.close()]);
  });

  it('agrees on one pair however replicas race to make it (create-if-absent in one statement)', async () => {
    for (let round = 0; round < 3; round++) {
      const first = await openTestDatabase('postgres');
      const second = await openDatabase(first.options);
      const stores = [new PushStore(first.db), new PushStore(second.db)];
      // Each replica asks several times at once, as requests arriving together at start would.
      const keys = await Promise.all(
        Array.from({ length: 16 }, (_, index) => stores[index % 2]?.vapidKeys(simulatedNow)),
      );
      expect(new Set(keys.map((pair) => pair?.publicKey)).size).toBe(1);
      await Promise.all([first.close(), second.close()]);
    }
  });

  it('takes the pair from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY', async () => {
    const pair = webpush.generateVAPIDKeys();
    const bff = await startBff(simulator, {
      VAPID_PUBLIC_KEY: pair.publicKey,
      VAPID_PRIVATE_KEY: pair.privateKey,
    });
    const { public_key } = (await (
      await fetch(`${bff.url}/api/push/key`)
    ).json()) as PushKeyResponse;
    expect(public_key).toBe(pair.publicKey);
    await bff.close();
  });
});
