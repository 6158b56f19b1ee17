import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteJson, WatchEventJson } from '../../shared/api/watch-answers';
import { type SitePolicyInput, sitePolicySchema } from '../../shared/safety/site-policy';
import { alarmDefaults, channelWants } from '../../shared/api/channels';
import { closeAll, forwardTo, startSimulator, startStubProvider } from '../testing/loopback';
import { until } from '../testing/until';
import { signIn, writeHeaders } from '../testing/operator';
import { killAll, logLines } from '../testing/processes';
import {
  openStream,
  type Replica,
  ready,
  replicaTimings,
  startReplica,
} from '../testing/replica-process';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/receivers';
import { createPostgresDatabase } from '../testing/test-database';

/**
 * Three BFF processes on one PostgreSQL, live mode against the standalone simulator (through a
 * stub that counts provider calls), as an operator would run them behind a proxy: one runs the
 * watch, the others stand by and serve the same API and streams; the leader is killed with
 * SIGKILL and another takes over.
 *
 * The simulator's world is pinned to a July afternoon: at Pocahontas, Arkansas the storm's last
 * strikes are 6.9 and 7.7 km off, so with a 7 km stop ring the site is at STOP for as long as
 * the test runs (the BFFs' clocks are real and the strikes keep their ages). Seattle is clear.
 */
const stormPolicy: SitePolicyInput = {
  lightning: { rings: { stop: 7, caution: 9, watch: 40 }, all_clear_minutes: 30 },
};
const sitesToAdd = [
  { name: 'Pocahontas yard', lat: 36.5, lon: -91, policy: sitePolicySchema.parse(stormPolicy) },
  { name: 'Seattle pier', lat: 47.6, lon: -122.33 },
  { name: 'Pocahontas depot', lat: 36.5, lon: -91, policy: sitePolicySchema.parse(stormPolicy) },
];

let databaseUrl: string;
let providerUrl: string;
let providerCalls: string[] = [];
let receiver: WebhookReceiver;
const replicas: Replica[] = [];

async function leaders(among: Replica[]): Promise<Replica[]> {
  const roles = await Promise.all(among.map(ready));
  return among.filter((_, i) => roles[i]?.watch === 'leader');
}

async function post(replica: Replica, cookie: string, path: string, body: object) {
  return fetch(`${replica.url}/api${path}`, {
    method: 'POST',
    headers: { ...writeHeaders, Cookie: cookie },
    body: JSON.stringify(body),
  });
}

async function events(replica: Replica): Promise<WatchEventJson[]> {
  const response = await fetch(`${replica.url}/api/events?limit=500`);
  return ((await response.json()) as { events: WatchEventJson[] }).events.reverse();
}

async function sites(replica: Replica): Promise<SiteJson[]> {
  return ((await (await fetch(`${replica.url}/api/sites`)).json()) as { sites: SiteJson[] }).sites;
}

/**
 * Each site's record is one chain: it starts from no_data and every transition leaves the level
 * the one before it entered. A transition recorded twice, or one lost, breaks it.
 */
function expectChains(record: WatchEventJson[]) {
  const bySite = new Map<string, WatchEventJson[]>();
  for (const event of record)
    bySite.set(event.site_id, [...(bySite.get(event.site_id) ?? []), event]);
  for (const [site, chain] of bySite) {
    expect(chain[0]?.from, site).toBe('no_data');
    for (let i = 1; i < chain.length; i++)
      expect(chain[i]?.from, `${site} #${i}`).toBe(chain[i - 1]?.to);
  }
}

beforeAll(async () => {
  const simulator = await startSimulator();
  providerCalls = [];
  const stub = await startStubProvider((request, response) => {
    providerCalls.push(request.url ?? '');
    forwardTo(simulator)(request, response);
  });
  providerUrl = stub.url;
  receiver = await startWebhookReceiver();
  databaseUrl = await createPostgresDatabase();
  // All at once on an empty database, as `docker compose up` starts them: the migrations run
  // under their lock, and one replica takes the watch.
  replicas.push(
    ...(await Promise.all(
      ['A', 'B', 'C'].map((name) =>
        startReplica(
          name,
          { databaseUrl, providerUrl },
          { WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_BACKOFF_MS: '20' },
        ),
      ),
    )),
  );
}, 180_000);

afterAll(async () => {
  await killAll();
  await closeAll();
});

describe('three replicas on one PostgreSQL', () => {
  it('run one watch; a standby serves writes, reads and streams of it; kill -9 the leader and another takes over, recording nothing twice and losing nothing', async () => {
    await until(async () => (await leaders(replicas)).length === 1, 'one replica leads', 10_000);
    const [leader] = await leaders(replicas);
    const standbys = replicas.filter((replica) => replica !== leader);
    const [writer, watcher] = standbys as [Replica, Replica];
    const cookie = await signIn(writer);

    const channel = await post(writer, cookie, '/channels', {
      kind: 'webhook',
      name: 'Ops',
      target: receiver.url,
      escalate_minutes: null,
    });
    expect(channel.status).toBe(201);

    // A page on one standby; sites added through the other.
    const stream = openStream(watcher);
    await until(() => stream.messages.some((m) => m.event === 'ready'), 'the stream is open');
    const added: SiteJson[] = [];
    const sentAt = performance.now();
    let answeredAt = 0;
    for (const site of sitesToAdd.slice(0, 2)) {
      const response = await post(writer, cookie, '/sites', site);
      expect(response.status).toBe(201);
      added.push(((await response.json()) as { site: SiteJson }).site);
      answeredAt ||= performance.now();
    }
    // The standby waited for the leader's judgement: its answer shows it.
    expect(added[0]?.status.level).toBe('stop');
    expect(added[1]?.status.level).not.toBe('no_data');
    const levels = added.map((site) => site.status.level);
    await until(
      () => stream.records().length === 2,
      'the stream on the other standby shows both level changes',
      10_000,
    );
    const firstRecord = stream.messages.find((message) => message.event === 'record');
    const streamDelayMs = Math.round((firstRecord?.at ?? 0) - sentAt);
    const answerMs = Math.round(answeredAt - sentAt);
    expect(stream.records().map((event) => [event.site_name, event.from, event.to])).toEqual([
      ['Pocahontas yard', 'no_data', 'stop'],
      ['Seattle pier', 'no_data', levels[1]],
    ]);
    // Every replica reads the same statuses, whichever one decided them (a standby as soon as
    // it has read the status after the record it streamed).
    const same = async (replica: Replica) =>
      JSON.stringify((await sites(replica)).map((site) => site.status.level)) ===
      JSON.stringify(levels);
    for (const replica of replicas)
      await until(() => same(replica), `${replica.name} reads the statuses`, 5000);

    const before = await events(watcher);
    expect(before).toHaveLength(2);
    const wanted = (record: WatchEventJson[]) =>
      record.filter((event) => channelWants(alarmDefaults.levels, event.from, event.to)).length;
    await until(
      () => receiver.received.length === wanted(before),
      'the stop is sent to the channel',
    );

    // The leader dies without a word.
    const killedAt = performance.now();
    leader?.process.child.kill('SIGKILL');
    await leader?.process.exited;
    await until(
      async () => (await leaders(standbys)).length === 1,
      'a standby takes over the watch',
      30_000,
    );
    const takeoverMs = Math.round(performance.now() - killedAt);
    const [successor] = await leaders(standbys);
    const other = standbys.find((replica) => replica !== successor) as Replica;

    // The new leader's rounds judge the same sites from the state the old one stored.
    const rounds = async () =>
      logLines(successor?.process.stdout() ?? '').filter((line) => line.event === 'watch-level');
    const survivorStream = openStream(other, String(before.at(-1)?.id));
    const third = sitesToAdd[2] as (typeof sitesToAdd)[number];
    // The session signed in on the first standby is good on every replica.
    const response = await post(other, cookie, '/sites', third);
    expect(response.status).toBe(201);
    expect(((await response.json()) as { site: SiteJson }).site.status.level).toBe('stop');
    await until(
      () => survivorStream.records().some((event) => event.site_name === third.name),
      'the surviving standby streams the change the new leader decided',
      10_000,
    );

    const after = await events(other);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(
      after.slice(before.length).map((event) => [event.site_name, event.from, event.to]),
    ).toEqual([['Pocahontas depot', 'no_data', 'stop']]);
    expectChains(after);
    expect((await rounds()).map((line) => line.site)).toHaveLength(1);
    // At most once per channel: one delivery for each change it follows, whoever led.
    await until(() => receiver.received.length === wanted(after), 'the second stop is sent');
    const keys = receiver.received.map((request) => request.headers['x-skydeck-delivery']);
    expect(new Set(keys).size).toBe(wanted(after));

    console.error(
      `replicas: takeover ${takeoverMs} ms after kill -9 (poll ${replicaTimings.WATCH_STANDBY_POLL_MS} ms); ` +
        `a site added on standby ${writer.name}: its first level on standby ${watcher.name}'s stream ${streamDelayMs} ms after the request, which was answered in ${answerMs} ms; ` +
        `${after.length} events, 0 duplicates`,
    );
    stream.close();
    survivorStream.close();
  }, 120_000);

  it('takes the watch back and the streams reconnect when the database drops every link', async () => {
    const alive = replicas.filter(
      (replica) =>
        replica.process.child.exitCode === null && replica.process.child.signalCode === null,
    );
    const stream = openStream(alive[1] as Replica);
    await until(() => stream.messages.some((m) => m.event === 'ready'), 'the stream is open');
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      // Every replica's dedicated connection (leadership and LISTEN) is cut by the server.
      const { rowCount } = await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name LIKE 'skydeck:%'`,
      );
      expect(rowCount).toBeGreaterThanOrEqual(2);
    } finally {
      await admin.end();
    }
    await until(async () => (await leaders(alive)).length === 1, 'one replica leads again', 15_000);
    const [leader] = await leaders(alive);
    const cookie = await signIn(alive[0] as Replica);
    // An acknowledgement made on one replica reaches the other's stream over the new links.
    const [stop] = (await events(leader as Replica)).filter((event) => event.to === 'stop');
    const ack = await post(alive[0] as Replica, cookie, `/events/${stop?.id}/ack`, {
      note: 'crew in',
    });
    expect(ack.status).toBe(200);
    await until(
      () => stream.messages.some((m) => m.event === 'ack'),
      'the acknowledgement reaches the stream on the other replica',
      10_000,
    );
    stream.close();
  }, 60_000);
});
