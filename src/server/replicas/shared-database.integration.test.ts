import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteJson, WatchEventJson } from '../../shared/api/watch-answers';
import { type SitePolicyInput, sitePolicySchema } from '../../shared/safety/site-policy';
import {
  advanceWorld,
  type Bff,
  closeAll,
  forwardTo,
  startBff,
  startSimulator,
  startStubProvider,
  type StubProvider,
} from '../testing/loopback';
import { until } from '../testing/until';
import { openDatabase } from '../db/database';
import { closeInProcessApps, inProcessApp } from '../testing/in-process';
import { admin, signIn, writeHeaders } from '../testing/operator';
import { answer, startWebhookReceiver } from '../testing/receivers';
import { createPostgresDatabase } from '../testing/test-database';

/**
 * Replicas sharing one PostgreSQL, as BFFs in this process on loopback (no kill needed here):
 * the record fenced against a replica that does not know it has lost the watch, the daily limit
 * held under concurrent paid requests to three replicas, and identical requests to three
 * replicas at once costing one provider call.
 */
let simulator: string;

beforeAll(async () => {
  simulator = await startSimulator();
});
afterAll(closeAll);

/** A provider that counts what it is asked and answers (via the simulator) after `delayMs`. */
async function countingProvider(
  world: string,
  delayMs = 0,
): Promise<StubProvider & { calls: string[] }> {
  const calls: string[] = [];
  const forward = forwardTo(world);
  const stub = await startStubProvider((request, response) => {
    calls.push(request.url ?? '');
    setTimeout(() => forward(request, response), delayMs);
  });
  return Object.assign(stub, { calls });
}

async function replicasOn(
  providerUrl: string,
  count: number,
  env: Record<string, string> = {},
  databaseUrl?: string,
): Promise<{ bffs: Bff[]; databaseUrl: string }> {
  const DATABASE_URL = databaseUrl ?? (await createPostgresDatabase());
  const bffs: Bff[] = [];
  // The first migrates a new database; the others find it migrated.
  for (let i = 0; i < count; i++) bffs.push(await startBff(providerUrl, { DATABASE_URL, ...env }));
  return { bffs, databaseUrl: DATABASE_URL };
}

async function events(bff: Bff): Promise<WatchEventJson[]> {
  const response = await fetch(`${bff.url}/api/events`);
  return ((await response.json()) as { events: WatchEventJson[] }).events.reverse();
}

describe('the record, shared', () => {
  it('takes each transition once: a replica that has not heard of it yields, and reads it', async () => {
    const world = await startSimulator();
    const pair = await replicasOn(world, 2, { SKYDECK_ADMIN_PASSWORD: admin.password });
    const [first, second] = pair.bffs as [Bff, Bff];
    const stormPolicy: SitePolicyInput = {
      lightning: { rings: { stop: 7, caution: 9, watch: 40 }, all_clear_minutes: 30 },
    };
    const created = await fetch(`${first.url}/api/sites`, {
      method: 'POST',
      headers: { ...writeHeaders, Cookie: await signIn(first) },
      body: JSON.stringify({
        name: 'Pocahontas yard',
        lat: 36.5,
        lon: -91,
        policy: sitePolicySchema.parse(stormPolicy),
      }),
    });
    const site = ((await created.json()) as { site: SiteJson }).site;
    expect(site.status.level).toBe('stop');
    // The second reads the site and its stop, then hears nothing more: both judge every minute,
    // as two leaders would for the moment one does not know it has lost the lock.
    await second.watch.monitor.reload();
    expect(second.watch.monitor.get(site.id)?.status.level).toBe('stop');
    let minutes = 0;
    while (first.watch.monitor.get(site.id)?.status.level === 'stop' && minutes < 40) {
      await advanceWorld(world, 60);
      for (const bff of [first, second]) {
        bff.advance(60);
        await bff.watch.monitor.tick();
      }
      minutes++;
    }
    expect(first.watch.monitor.get(site.id)?.status.level).toBe('caution');
    // The second judged the same step down a moment later, found it on record, and took it.
    expect(second.watch.monitor.get(site.id)?.status.level).toBe('caution');
    expect(second.logs.some((line) => line.includes('"watch-transition-taken"'))).toBe(true);
    const record = await events(first);
    expect(record.map((event) => [event.from, event.to])).toEqual([
      ['no_data', 'stop'],
      ['stop', 'caution'],
    ]);

    // A third starts from what is stored: its first round, a minute on, records nothing again.
    const [third] = (await replicasOn(world, 1, {}, pair.databaseUrl)).bffs as [Bff];
    third.advance(minutes * 60 + 60);
    await advanceWorld(world, 60);
    await third.watch.monitor.tick();
    expect(third.watch.monitor.get(site.id)?.status.level).toBe('caution');
    expect(await events(third)).toEqual(await events(first));
  }, 120_000);
});

describe('alarms, shared', () => {
  it("leaves a standby's test send on its way alone when the leader recovers deliveries", async () => {
    const receiver = await startWebhookReceiver();
    // The receiver holds the request: the send stays on its way until it answers.
    let release = () => {};
    receiver.handler = (request, response) => {
      release = () => answer(200)(request, response);
    };
    const { bffs } = await replicasOn(simulator, 2, {
      SKYDECK_ADMIN_PASSWORD: admin.password,
      WEBHOOK_ALLOW_PRIVATE: '1',
      WEBHOOK_TIMEOUT_MS: '10000',
      WATCH_STANDBY_POLL_MS: '100',
    });
    for (const bff of bffs) bff.watch.start();
    await until(
      () => bffs.filter((bff) => bff.watch.role() === 'leader').length === 1,
      'one of the two leads',
    );
    const leader = bffs.find((bff) => bff.watch.role() === 'leader') as Bff;
    const standby = bffs.find((bff) => bff !== leader) as Bff;
    const cookie = await signIn(standby);
    const created = await fetch(`${standby.url}/api/channels`, {
      method: 'POST',
      headers: { ...writeHeaders, Cookie: cookie },
      body: JSON.stringify({ kind: 'webhook', name: 'Ops', target: receiver.url }),
    });
    const { channel } = (await created.json()) as { channel: { id: string } };
    const test = fetch(`${standby.url}/api/channels/${channel.id}/test`, {
      method: 'POST',
      headers: { ...writeHeaders, Cookie: cookie },
    });
    await until(() => receiver.received.length === 1, 'the test send reaches the receiver');
    // The leader's sweep recovers deliveries left on their way: not this one, its sender runs.
    await leader.watch.alarms.sweep();
    release();
    const sent = (await (await test).json()) as { delivery: { outcome: string } };
    expect(sent.delivery.outcome).toBe('delivered');
    const log = (await (
      await fetch(`${leader.url}/api/deliveries?channel=${channel.id}`)
    ).json()) as { deliveries: { outcome: string }[] };
    expect(log.deliveries.map((row) => row.outcome)).toEqual(['delivered']);
  }, 60_000);
});

describe('the daily limit, shared', () => {
  it('holds for three replicas under concurrent paid requests', async () => {
    const provider = await countingProvider(simulator);
    const limit = 25;
    const { bffs } = await replicasOn(provider.url, 3, { QUOTA_DAILY_LIMIT: String(limit) });
    // 75 different points, a unit each, 25 to each replica, all at once.
    const answers = await Promise.all(
      Array.from({ length: 75 }, (_, i) =>
        fetch(`${bffs[i % 3]?.url}/api/current?lat=${(30 + i * 0.1).toFixed(2)}&lon=-90.00`).then(
          (response) => response.status,
        ),
      ),
    );
    const served = answers.filter((status) => status === 200).length;
    expect(answers.filter((status) => status !== 200 && status !== 429)).toEqual([]);
    expect(served).toBe(limit);
    expect(provider.calls).toHaveLength(limit);
    for (const bff of bffs) {
      const quota = (await (await fetch(`${bff.url}/api/quota`)).json()) as { spent: number };
      expect(quota.spent).toBe(limit);
    }
  }, 60_000);
});

describe('provider savings, shared', () => {
  const path = '/api/current?lat=35.78&lon=-78.64';

  /** The same request to each replica at the same moment: provider calls, and how each was served. */
  async function sameMoment(bffs: Bff[], provider: { calls: string[] }) {
    const before = provider.calls.length;
    const began = performance.now();
    const answers = await Promise.all(
      bffs.map(async (bff) => {
        const response = await fetch(`${bff.url}${path}`);
        await response.text();
        return { status: response.status, cache: response.headers.get('x-cache') };
      }),
    );
    return {
      calls: provider.calls.length - before,
      answers,
      ms: Math.round(performance.now() - began),
    };
  }

  it('costs one provider call for identical requests at three replicas at once (three without the shared database)', async () => {
    // Each call takes 300 ms at the provider, so the three requests overlap.
    const provider = await countingProvider(simulator, 300);
    const apart = [
      await startBff(provider.url),
      await startBff(provider.url),
      await startBff(provider.url),
    ];
    const alone = await sameMoment(apart, provider);
    expect(alone.calls).toBe(3);

    const shared = await sameMoment((await replicasOn(provider.url, 3)).bffs, provider);
    expect(shared.calls).toBe(1);
    expect(shared.answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(shared.answers.map((answer) => answer.cache).sort()).toEqual([
      'MISS',
      'SHARED',
      'SHARED',
    ]);
    console.error(
      `shared cache: 3 replicas asked at once: ${alone.calls} provider calls apart (${alone.ms} ms), ${shared.calls} sharing PostgreSQL (${shared.ms} ms)`,
    );
  }, 60_000);
});

describe('demo mode, shared', () => {
  it('seeds the demo sites once when three replicas start together on an empty database', async () => {
    const DATABASE_URL = await createPostgresDatabase();
    // Migrated already, so the three reach the seeding at the same moment.
    await (await openDatabase({ dataDir: 'unused', databaseUrl: DATABASE_URL })).close();
    const apps = [1, 2, 3].map(() => inProcessApp({ DATABASE_URL }));
    await Promise.all(apps.map((app) => app.watch.ready));
    expect(await apps[0]?.watch.store.countSites()).toBe(5);
    await closeInProcessApps();
  });
});
