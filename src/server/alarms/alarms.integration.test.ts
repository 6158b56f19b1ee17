import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelKinds, type CreateChannelBody, type WebhookBody } from '../../shared/api/channels';
import type { ChannelJson, DeliveryJson } from '../../shared/api/channel-answers';
import type { SiteJson, WatchEventJson } from '../../shared/api/watch-answers';
import {
  advanceWorld,
  type Bff,
  closeAll,
  simulatedNow,
  startBff,
  startSimulator,
} from '../testing/loopback';
import { until } from '../testing/until';
import { stopPolicy, cautionPolicy, stormSite as site } from '../testing/storm-site';
import { admin, signIn, writeHeaders } from '../testing/operator';
import {
  answer,
  type ReceivedRequest,
  startSmtpServer,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../testing/receivers';
import type { Resolver } from './address-guard';
import { verifySignature } from './signature';

/**
 * Alarms end to end on 127.0.0.1: a BFF watching a site under the simulator's pinned storm
 * (Pocahontas, Arkansas, 18:20Z: strikes 6.9 km and 7.7 km away), channels configured over its
 * API, a webhook receiver verifying every signature, and a real SMTP server. The watch's clock is
 * the test's: the monitor runs round by round and the alarms sweep when told.
 */

const publicUrl = 'https://skydeck.example';

let simulator: string;

beforeAll(async () => {
  simulator = await startSimulator();
});
afterAll(closeAll);

interface Harness {
  bff: Bff;
  cookie: string;
  receiver: WebhookReceiver;
}

async function harness(
  env: Record<string, string> = {},
  world = simulator,
  dataDir?: string,
  extra?: Parameters<typeof startBff>[3],
): Promise<Harness> {
  const receiver = await startWebhookReceiver();
  const bff = await startBff(
    world,
    {
      SKYDECK_ADMIN_PASSWORD: admin.password,
      PUBLIC_URL: publicUrl,
      WEBHOOK_ALLOW_PRIVATE: '1',
      WEBHOOK_BACKOFF_MS: '20',
      // Long enough that a loaded machine never turns a slow answer into a second request.
      WEBHOOK_TIMEOUT_MS: '10000',
      ...env,
    },
    dataDir,
    extra,
  );
  return { bff, cookie: await signIn(bff), receiver };
}

function write(h: Harness, method: string, path: string, body?: object): Promise<Response> {
  return fetch(`${h.bff.url}/api${path}`, {
    method,
    headers: { ...writeHeaders, Cookie: h.cookie },
    body: body && JSON.stringify(body),
  });
}

async function addChannel(h: Harness, body: CreateChannelBody): Promise<ChannelJson> {
  const response = await write(h, 'POST', '/channels', body);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { channel: ChannelJson }).channel;
}

async function addSite(h: Harness, name: string, policy = stopPolicy): Promise<SiteJson> {
  const response = await write(h, 'POST', '/sites', { name, ...site, policy });
  expect(response.status).toBe(201);
  return ((await response.json()) as { site: SiteJson }).site;
}

async function deliveries(bff: Bff, query: string): Promise<DeliveryJson[]> {
  const response = await fetch(`${bff.url}/api/deliveries?${query}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { deliveries: DeliveryJson[] }).deliveries.reverse();
}

async function events(bff: Bff): Promise<WatchEventJson[]> {
  const response = await fetch(`${bff.url}/api/events`);
  return ((await response.json()) as { events: WatchEventJson[] }).events.reverse();
}

const bodyOf = (request: ReceivedRequest) => JSON.parse(request.body) as WebhookBody;

/** Every signature checked as a receiver would, against the secret the 201 showed once. */
function expectSigned(request: ReceivedRequest, channel: ChannelJson) {
  const header = String(request.headers['x-skydeck-signature']);
  expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
  const now = Math.floor(Date.now() / 1000);
  expect(verifySignature(header, request.body, channel.secret as string, now)).toBe(true);
  expect(verifySignature(header, `${request.body} `, channel.secret as string, now)).toBe(false);
  expect(verifySignature(header, request.body, channel.secret as string, now + 600)).toBe(false);
}

/** Moves the watch on a minute (and its own world), one monitor round, one alarm sweep. */
async function minuteLater(h: Harness, world: string): Promise<void> {
  await advanceWorld(world, 60);
  h.bff.advance(60);
  await h.bff.watch.monitor.tick();
  await h.bff.watch.alarms.sweep();
  await h.bff.watch.alarms.idle();
}

describe('alarms, against the simulator', () => {
  it('sends one signed webhook per channel and one email when a site goes to STOP', async () => {
    const mail = await startSmtpServer();
    const h = await harness({ SMTP_URL: mail.url, ALARM_FROM: 'Skydeck <alarms@skydeck.test>' });
    const { receiver } = h;
    const generic = await addChannel(h, {
      kind: 'webhook',
      name: 'Ops hook',
      target: `${receiver.url}/generic?token=abc`,
    });
    const slack = await addChannel(h, {
      kind: 'slack',
      name: 'Slack #ops',
      target: `${receiver.url}/slack`,
    });
    const teams = await addChannel(h, {
      kind: 'teams',
      name: 'Teams ops',
      target: `${receiver.url}/teams`,
      secret: 'a-secret-of-our-own-choosing',
    });
    expect(teams.secret).toBe('a-secret-of-our-own-choosing');
    const email = await addChannel(h, {
      kind: 'email',
      name: 'Duty inbox',
      target: 'duty@skydeck.test, lead@skydeck.test',
    });
    expect(email.secret).toBeUndefined();
    // Neither of these wants this change: another level, and another site.
    await addChannel(h, {
      kind: 'webhook',
      name: 'Watch only',
      target: `${receiver.url}/watch`,
      levels: ['watch'],
    });
    const elsewhere = await addSite(h, 'Quiet yard', { lightning: { rings: { stop: 1 } } });
    await addChannel(h, {
      kind: 'webhook',
      name: 'Other site',
      target: `${receiver.url}/other`,
      sites: [elsewhere.id],
    });
    await h.bff.watch.alarms.idle();
    receiver.received.length = 0;

    // The hub hears of the recorded change at the moment the alarms do.
    let recorded = 0;
    h.bff.watch.hub.subscribe(
      (message) => {
        if (message.event === 'record') recorded = performance.now();
      },
      () => undefined,
    );
    const posted = performance.now();
    const stopped = await addSite(h, 'Storm yard');
    expect(stopped.status.level).toBe('stop');
    await until(() => receiver.received.length >= 3, 'three webhooks arrived');
    const arrivals = receiver.received.map((request) => request.at);
    await h.bff.watch.alarms.idle();
    console.log(
      `Alarms: level change recorded → webhooks received in ${(Math.min(...arrivals) - recorded).toFixed(0)}–${(Math.max(...arrivals) - recorded).toFixed(0)} ms ` +
        `(${(Math.min(...arrivals) - posted).toFixed(0)} ms from POST /api/sites, the site's first judgement included)`,
    );

    // Another sweep, and another monitor round at the same time, send nothing again.
    await h.bff.watch.monitor.tick();
    await h.bff.watch.alarms.sweep();
    await h.bff.watch.alarms.idle();
    expect(receiver.received.map((request) => request.path).sort()).toEqual([
      '/generic?token=abc',
      '/slack',
      '/teams',
    ]);
    expect(mail.messages).toHaveLength(1);

    const [event] = (await events(h.bff)).filter((e) => e.site_id === stopped.id);
    const byPath = new Map(
      receiver.received.map((request) => [request.path.split('?')[0], request]),
    );
    for (const [path, channel] of [
      ['/generic', generic],
      ['/slack', slack],
      ['/teams', teams],
    ] as const) {
      const request = byPath.get(path) as ReceivedRequest;
      expectSigned(request, channel);
      expect(request.headers['x-skydeck-delivery']).toBe(
        `skydeck-${channel.id}-${event?.id}-change`,
      );
      expect(request.headers['content-type']).toBe('application/json');
    }
    const link = `${publicUrl}/?v=3&view=board&site=${stopped.id}`;
    expect(bodyOf(byPath.get('/generic') as ReceivedRequest)).toEqual({
      event: {
        id: event?.id,
        site_id: stopped.id,
        at: new Date(simulatedNow).toISOString(),
        from: 'no_data',
        to: 'stop',
        reason: event?.reason,
      },
      site: { id: stopped.id, name: 'Storm yard', lat: site.lat, lon: site.lon },
      url: link,
      kind: 'change',
      escalation: null,
    });
    const slackBody = JSON.parse((byPath.get('/slack') as ReceivedRequest).body) as {
      text: string;
      blocks: { type: string }[];
    };
    expect(slackBody.text).toBe('STOP at Storm yard (was NO DATA)');
    expect(slackBody.blocks.map((block) => block.type)).toEqual(['section', 'context']);
    // Slack reads &, < and > as markup, in a link's URL too, and undoes the escapes.
    expect(JSON.stringify(slackBody.blocks)).toContain(
      `<${link.replace(/&/g, '&amp;')}|Open the site page>`,
    );
    const teamsBody = JSON.parse((byPath.get('/teams') as ReceivedRequest).body) as {
      type: string;
      attachments: { contentType: string; content: { type: string; actions: { url: string }[] } }[];
    };
    expect(teamsBody.type).toBe('message');
    expect(teamsBody.attachments[0]?.contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(teamsBody.attachments[0]?.content.type).toBe('AdaptiveCard');
    expect(teamsBody.attachments[0]?.content.actions[0]?.url).toBe(link);

    const [message] = mail.messages;
    expect(message?.from).toBe('alarms@skydeck.test');
    expect(message?.to).toEqual(['duty@skydeck.test', 'lead@skydeck.test']);
    expect(message?.text).toMatch(/^Subject: .*STOP/m);
    expect(message?.text).toContain('Content-Type: text/plain');
    expect(message?.text).toContain('Content-Type: text/html');
    expect(message?.text).toContain('Site:   Storm yard');
    expect(message?.text).toContain(`Reason: ${event?.reason}`);
    expect(message?.text).toContain(`Site page: ${link}`);
    expect(message?.text).toContain(`<a href="${link.replace(/&/g, '&amp;')}">`);
    expect(message?.text).toMatch(/^X-Skydeck-Delivery: skydeck-\S+-change\r?$/m);

    const log = await deliveries(h.bff, `event=${event?.id}`);
    expect(log.map((row) => [row.channel_id, row.attempt, row.outcome, row.status]).sort()).toEqual(
      [
        [email.id, 1, 'delivered', 250],
        [generic.id, 1, 'delivered', 200],
        [slack.id, 1, 'delivered', 200],
        [teams.id, 1, 'delivered', 200],
      ].sort(),
    );

    // Anyone may read the channels (a kiosk flags a failing one), but not their credentials.
    const open = (await (await fetch(`${h.bff.url}/api/channels`)).json()) as {
      channels: ChannelJson[];
    };
    const shown = new Map(open.channels.map((channel) => [channel.id, channel]));
    expect(shown.get(generic.id)).toMatchObject({
      target: `${receiver.url}/…`,
      redacted: true,
      secret_set: true,
      failing: false,
      last_delivery: { outcome: 'delivered', status: 200 },
    });
    expect(shown.get(email.id)?.target).toBe('d…@skydeck.test, l…@skydeck.test');
    expect(JSON.stringify(open)).not.toContain(generic.secret);
    const signedIn = (await (await write(h, 'GET', `/channels/${generic.id}`)).json()) as {
      channel: ChannelJson;
    };
    expect(signedIn.channel).toMatchObject({ target: generic.target, redacted: false });
    expect(signedIn.channel.secret).toBeUndefined();
    await h.bff.close();
  });

  it('retries a receiver that answers 500 twice: three attempts, one delivery', async () => {
    const h = await harness();
    let calls = 0;
    h.receiver.handler = (_request, response) => {
      calls++;
      response.writeHead(calls <= 2 ? 500 : 200).end();
    };
    const channel = await addChannel(h, { kind: 'webhook', name: 'Flaky', target: h.receiver.url });
    const stopped = await addSite(h, 'Flaky yard');
    await until(() => h.receiver.received.length === 3, 'the third attempt arrived');
    await h.bff.watch.alarms.idle();

    const keys = new Set(
      h.receiver.received.map((request) => request.headers['x-skydeck-delivery']),
    );
    expect(keys.size).toBe(1);
    for (const request of h.receiver.received) expectSigned(request, channel);
    const [event] = await events(h.bff);
    expect(event?.site_id).toBe(stopped.id);
    const log = await deliveries(h.bff, `channel=${channel.id}`);
    expect(log.map((row) => [row.attempt, row.outcome, row.status])).toEqual([
      [1, 'retry', 500],
      [2, 'retry', 500],
      [3, 'delivered', 200],
    ]);
    expect(new Set(log.map((row) => row.delivery_id)).size).toBe(1);
    expect(log.every((row) => row.event_id === event?.id)).toBe(true);
    await h.bff.close();
  });

  it('gives up after WEBHOOK_RETRIES and flags the channel as failing', async () => {
    const h = await harness({ WEBHOOK_RETRIES: '2' });
    h.receiver.handler = answer(503);
    const channel = await addChannel(h, { kind: 'webhook', name: 'Down', target: h.receiver.url });
    await addSite(h, 'Down yard');
    await until(() => h.receiver.received.length === 3, 'three attempts');
    await h.bff.watch.alarms.idle();
    const log = await deliveries(h.bff, `channel=${channel.id}`);
    expect(log.map((row) => row.outcome)).toEqual(['retry', 'retry', 'failed']);
    const shown = (await (await fetch(`${h.bff.url}/api/channels/${channel.id}`)).json()) as {
      channel: ChannelJson;
    };
    expect(shown.channel.failing).toBe(true);
    // A working test send clears the flag: the operator fixed the receiver.
    h.receiver.handler = answer(204);
    const test = await write(h, 'POST', `/channels/${channel.id}/test`);
    expect(((await test.json()) as { delivery: DeliveryJson }).delivery).toMatchObject({
      kind: 'test',
      event_id: null,
      attempt: 1,
      outcome: 'delivered',
      status: 204,
    });
    const tested = bodyOf(h.receiver.received.at(-1) as ReceivedRequest);
    expect(tested).toMatchObject({ kind: 'test', event: { id: 0, to: 'stop' } });
    const after = (await (await fetch(`${h.bff.url}/api/channels/${channel.id}`)).json()) as {
      channel: ChannelJson;
    };
    expect(after.channel.failing).toBe(false);
    await h.bff.close();
  });

  it('re-sends an unacknowledged stop every N minutes until it is acknowledged', async () => {
    const h = await harness();
    const channel = await addChannel(h, {
      kind: 'webhook',
      name: 'Escalating',
      target: h.receiver.url,
      escalate_minutes: 10,
    });
    await addSite(h, 'Unanswered yard');
    await h.bff.watch.alarms.idle();
    const kinds = () =>
      h.receiver.received.map((request) => {
        const body = bodyOf(request);
        return body.kind === 'escalation' ? `reminder ${body.escalation}` : body.kind;
      });
    const later = async (minutes: number) => {
      h.bff.advance(minutes * 60);
      await h.bff.watch.alarms.sweep();
      await h.bff.watch.alarms.idle();
    };
    await later(9);
    expect(kinds()).toEqual(['change']);
    await later(1);
    expect(kinds()).toEqual(['change', 'reminder 1']);
    await later(0);
    await later(9);
    expect(kinds()).toEqual(['change', 'reminder 1']);
    await later(1);
    expect(kinds()).toEqual(['change', 'reminder 1', 'reminder 2']);
    for (const request of h.receiver.received) expectSigned(request, channel);

    const [event] = await events(h.bff);
    const ack = await write(h, 'POST', `/events/${event?.id}/ack`, { note: 'crews are in' });
    expect(ack.status).toBe(200);
    await later(10);
    await later(10);
    expect(kinds()).toEqual(['change', 'reminder 1', 'reminder 2']);
    expect(
      (await deliveries(h.bff, `event=${event?.id}`)).map((row) => [row.kind, row.outcome]),
    ).toEqual([
      ['change', 'delivered'],
      ['escalation:1', 'delivered'],
      ['escalation:2', 'delivered'],
    ]);
    await h.bff.close();
  });

  it('stops reminding when the site leaves STOP, and announces the all-clear once', async () => {
    const world = await startSimulator();
    const h = await harness({}, world);
    await addChannel(h, { kind: 'webhook', name: 'Shift', target: h.receiver.url });
    await addSite(h, 'Clearing yard');
    await h.bff.watch.alarms.idle();
    for (let minute = 1; minute <= 35; minute++) await minuteLater(h, world);
    const told = h.receiver.received.map((request) => {
      const body = bodyOf(request);
      return body.kind === 'escalation'
        ? `reminder ${body.escalation}`
        : `${body.event.from}→${body.event.to}`;
    });
    expect(told).toEqual([
      'no_data→stop',
      'reminder 1',
      'reminder 2',
      'stop→caution',
      'caution→clear',
    ]);
    await h.bff.close();
  });

  it('holds back caution in quiet hours, but never a stop', async () => {
    const h = await harness();
    const channel = await addChannel(h, {
      kind: 'webhook',
      name: 'Night shift',
      target: h.receiver.url,
      // 18:20Z is inside; the change to caution is held back, the stop passes.
      quiet: { from: '18:00', to: '19:00', tz: 'UTC' },
    });
    const caution = await addSite(h, 'Caution yard', cautionPolicy);
    expect(caution.status.level).toBe('caution');
    const stop = await addSite(h, 'Stop yard');
    await h.bff.watch.alarms.idle();
    expect(h.receiver.received.map((request) => bodyOf(request).site.id)).toEqual([stop.id]);
    const log = await deliveries(h.bff, `channel=${channel.id}`);
    expect(log.map((row) => [row.attempt, row.outcome])).toEqual([
      [0, 'quiet'],
      [1, 'delivered'],
    ]);
    expect(log[0]?.detail).toBe('held back: quiet hours 18:00–19:00 UTC');
    // Quiet hours in Tokyo (03:20 there) hold back nothing from 18:00 to 19:00 UTC.
    await write(h, 'PATCH', `/channels/${channel.id}`, {
      quiet: { from: '18:00', to: '19:00', tz: 'Asia/Tokyo' },
    });
    expect((await write(h, 'PATCH', `/channels/${channel.id}`, { quiet: null })).status).toBe(200);
    await h.bff.close();
  });

  it('refuses loopback and private targets without WEBHOOK_ALLOW_PRIVATE, link-local always', async () => {
    // Names resolved here only, as DNS would answer them: `rebind.test` moves to loopback after
    // the channel is saved, as a rebinding attacker's would.
    const names: Record<string, string> = {
      localhost: '127.0.0.1',
      'private.test': '10.0.0.5',
      'metadata.test': '169.254.169.254',
      'rebind.test': '93.184.216.34',
    };
    const resolveHost: Resolver = async (hostname) => {
      const address = names[hostname];
      if (!address) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
      return [{ address, family: address.includes(':') ? 6 : 4 }];
    };
    const refusedAtSave = async (
      h: Harness,
      target: string,
      method = 'POST',
      path = '/channels',
    ) => {
      const body = method === 'POST' ? { kind: 'webhook', name: 'SSRF', target } : { target };
      const response = await write(h, method, path, body);
      expect(response.status, target).toBe(400);
      return ((await response.json()) as { error: string }).error;
    };
    const test = async (h: Harness, channel: ChannelJson) => {
      const response = await write(h, 'POST', `/channels/${channel.id}/test`);
      expect(response.status).toBe(200);
      return ((await response.json()) as { delivery: DeliveryJson }).delivery;
    };

    const closed = await harness({ WEBHOOK_ALLOW_PRIVATE: '0' }, simulator, undefined, {
      resolveHost,
    });
    const port = closed.receiver.port;
    for (const target of [
      closed.receiver.url,
      `http://localhost:${port}/`,
      `http://private.test:${port}/`,
      `http://[::ffff:127.0.0.1]:${port}/`,
      `http://[::127.0.0.1]:${port}/`,
      `http://[::ffff:0:10.0.0.1]:${port}/`,
      `http://[64:ff9b::10.0.0.1]:${port}/`,
      `http://[64:ff9b:1::a00:1]:${port}/`,
      `http://[fec0::1]:${port}/`,
      'http://10.0.0.1/hook',
    ])
      expect(await refusedAtSave(closed, target)).toMatch(
        /^Invalid target: the target resolves to a loopback or private address \(allowed only with WEBHOOK_ALLOW_PRIVATE=1\)$/,
      );
    // Saved while its name leads to the internet, refused at the send once it leads home.
    const rebound = await addChannel(closed, {
      kind: 'webhook',
      name: 'Rebinding',
      target: `http://rebind.test:${port}/`,
    });
    expect(
      await refusedAtSave(closed, 'http://private.test/', 'PATCH', `/channels/${rebound.id}`),
    ).toMatch(/^Invalid target: .*loopback or private address/);
    names['rebind.test'] = '127.0.0.1';
    expect(await test(closed, rebound)).toMatchObject({
      outcome: 'refused',
      status: null,
      detail: expect.stringMatching(/loopback or private address .*WEBHOOK_ALLOW_PRIVATE=1/),
    });
    expect(closed.receiver.received).toHaveLength(0);
    const channels = (await (await fetch(`${closed.bff.url}/api/channels`)).json()) as {
      channels: ChannelJson[];
    };
    expect(channels.channels.map((channel) => [channel.name, channel.failing])).toEqual([
      ['Rebinding', true],
    ]);

    const open = await harness({}, simulator, undefined, { resolveHost });
    for (const target of [
      'http://169.254.169.254/latest/meta-data/',
      'http://metadata.test/latest/meta-data/',
      'http://[fe80::1]/',
      'http://[::ffff:169.254.169.254]/',
      'http://[::169.254.169.254]/',
      'http://[::ffff:0:169.254.169.254]/',
      'http://[64:ff9b::a9fe:a9fe]/',
      'http://[64:ff9b:1:a9fe:a9:fe00::]/',
    ])
      expect(await refusedAtSave(open, target)).toBe(
        'Invalid target: the target resolves to a link-local, metadata or reserved address, never allowed',
      );
    const local = await addChannel(open, {
      kind: 'webhook',
      name: 'Local',
      target: open.receiver.url,
    });
    expect(
      await refusedAtSave(open, 'http://169.254.169.254/', 'PATCH', `/channels/${local.id}`),
    ).toMatch(/^Invalid target: .*never allowed$/);
    expect((await write(open, 'DELETE', `/channels/${local.id}`)).status).toBe(204);
    // A redirect to another host (here: the same port under another name) is never followed.
    open.receiver.handler = (request, response) =>
      request.path === '/moved'
        ? response.writeHead(200).end()
        : response
            .writeHead(307, { Location: `http://localhost:${open.receiver.port}/moved` })
            .end();
    const redirected = await addChannel(open, {
      kind: 'webhook',
      name: 'Redirected',
      target: open.receiver.url,
    });
    expect(await test(open, redirected)).toMatchObject({
      outcome: 'refused',
      status: 307,
      detail: 'refused: redirected to another host, which is never followed',
    });
    expect(open.receiver.received.map((request) => request.path)).toEqual(['/']);
    await closed.bff.close();
    await open.bff.close();
  });

  it('does not send a delivery again after a restart mid-delivery', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'skydeck-alarms-restart-'));
    const first = await harness({ WEBHOOK_TIMEOUT_MS: '500' }, simulator, dataDir);
    // The receiver takes the request and never answers: the server stops while it waits.
    first.receiver.handler = () => undefined;
    const channel = await addChannel(first, {
      kind: 'webhook',
      name: 'Slow',
      target: first.receiver.url,
    });
    await addSite(first, 'Restart yard');
    await until(() => first.receiver.received.length === 1, 'the delivery is on its way');
    await first.bff.close();

    const second = await startBff(
      simulator,
      { PUBLIC_URL: publicUrl, WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_BACKOFF_MS: '20' },
      dataDir,
    );
    first.receiver.handler = answer(200);
    await second.watch.monitor.tick();
    await second.watch.alarms.sweep();
    await second.watch.alarms.idle();
    expect(first.receiver.received).toHaveLength(1);
    const log = await deliveries(second, `channel=${channel.id}`);
    expect(log.map((row) => [row.attempt, row.outcome])).toEqual([
      [1, 'retry'],
      [2, 'interrupted'],
    ]);
    expect(log[0]?.detail).toBe('no answer within 500 ms (timed out)');
    await second.close();
  });

  it('sends, at the next sweep, a change whose deliveries a crash never recorded', async () => {
    const h = await harness();
    await addChannel(h, { kind: 'webhook', name: 'Catching up', target: h.receiver.url });
    const stopped = await addSite(h, 'Crash yard', cautionPolicy);
    await h.bff.watch.alarms.idle();
    expect(h.receiver.received).toHaveLength(1);
    // Recorded as the monitor would, but the process "died" before telling the alarms.
    const event = await h.bff.watch.store.appendEvent({
      site_id: stopped.id,
      site_name: stopped.name,
      at: simulatedNow + 60_000,
      from_level: 'caution',
      to_level: 'stop',
      rule: 'lightning',
      reason: 'lightning: a strike recorded before a crash',
      evidence: '[]',
      data_age_s: 0,
    });
    h.bff.advance(120);
    await h.bff.watch.alarms.sweep();
    await h.bff.watch.alarms.idle();
    expect(h.receiver.received.map((request) => bodyOf(request).event.id)).toEqual([
      event.id - 1,
      event.id,
    ]);
    await h.bff.close();
  });

  it('escapes names in Slack text and Teams cards, and bounds every text an alarm carries', async () => {
    const mail = await startSmtpServer();
    const h = await harness({ SMTP_URL: mail.url, ALARM_FROM: 'Skydeck <alarms@skydeck.test>' });
    for (const kind of ['webhook', 'slack', 'teams'] as const)
      await addChannel(h, { kind, name: kind, target: `${h.receiver.url}/${kind}` });
    await addChannel(h, { kind: 'email', name: 'Inbox', target: 'duty@skydeck.test' });
    // As a record may hold it: a name and a reason far longer than any form takes, with markup
    // for every channel in them (a Slack ping, a Teams link, bold, a date function, a list).
    const markup =
      '<!channel> **[Yard](https://evil.example)** {{DATE(2017-02-14T06:00:00Z)}} & co';
    const event = await h.bff.watch.store.appendEvent({
      site_id: 'gone-site',
      site_name: `- ${markup} ${'y'.repeat(20_000)}`,
      at: simulatedNow + 60_000,
      from_level: 'clear',
      to_level: 'stop',
      rule: 'lightning',
      reason: `lightning: <b>strike</b> ${'&'.repeat(20_000)}`,
      evidence: JSON.stringify(['z'.repeat(50_000)]),
      data_age_s: 0,
    });
    h.bff.advance(120);
    await h.bff.watch.alarms.sweep();
    await h.bff.watch.alarms.idle();
    const byPath = new Map(h.receiver.received.map((request) => [request.path, request.body]));
    expect([...byPath.keys()].sort()).toEqual(['/slack', '/teams', '/webhook']);
    expect(mail.messages).toHaveLength(1);

    // Bounded: the name at 80 characters, the reason at 1000, each ending in an ellipsis.
    const generic = JSON.parse(byPath.get('/webhook') as string) as WebhookBody;
    expect(generic.event.id).toBe(event.id);
    expect(generic.site.name).toHaveLength(80);
    expect(generic.site.name.endsWith('…')).toBe(true);
    expect(generic.event.reason).toHaveLength(1000);
    expect(generic.event.reason.endsWith('…')).toBe(true);
    for (const body of byPath.values()) expect(body.length).toBeLessThan(8000);
    expect(mail.messages[0]?.text.length).toBeLessThan(12_000);
    expect(mail.messages[0]?.text).not.toContain('y'.repeat(100));

    // Slack: `text` (what notifications show) escaped as the blocks are; no ping survives.
    const slack = JSON.parse(byPath.get('/slack') as string) as {
      text: string;
      blocks: { text?: { text: string } }[];
    };
    expect(slack.text).toMatch(/^STOP at - &lt;!channel&gt; \*\*\[Yard\]/);
    expect(slack.text).not.toContain('<!channel>');
    expect(slack.blocks[0]?.text?.text).toContain('&lt;!channel&gt;');
    expect(slack.blocks[0]?.text?.text).not.toContain('<b>');
    expect(slack.blocks[0]?.text?.text.length).toBeLessThanOrEqual(3000);

    // Teams: the headline, the reason and the Site fact show the markup as written.
    const teams = JSON.parse(byPath.get('/teams') as string) as {
      attachments: {
        content: {
          body: { type: string; text?: string; facts?: { title: string; value: string }[] }[];
        };
      }[];
    };
    const [title, reason, facts] = teams.attachments[0]?.content.body ?? [];
    const escaped = String.raw`\<\!channel\> \*\*\[Yard\]\(https://evil.example\)\*\* \{\{DATE\(2017-02-14T06:00:00Z\)\}\} \&`;
    expect(title?.text).toContain(`STOP at \\- ${escaped}`);
    expect(title?.text?.endsWith('… (was CLEAR)')).toBe(true);
    expect(reason?.text).toMatch(/^lightning: \\<b\\>strike\\<\/b\\>/);
    const site = facts?.facts?.find((fact) => fact.title === 'Site')?.value ?? '';
    expect(site.startsWith(`\\- ${escaped}`)).toBe(true);
    await h.bff.close();
  });

  it('guards channel writes like the watch, and names the field and rule of a bad body', async () => {
    const h = await harness();
    const anonymous = await fetch(`${h.bff.url}/api/channels`, {
      method: 'POST',
      headers: writeHeaders,
      body: JSON.stringify({ kind: 'webhook', name: 'x', target: h.receiver.url }),
    });
    expect(anonymous.status).toBe(401);
    const forged = await fetch(`${h.bff.url}/api/channels`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Cookie: h.cookie,
        Origin: 'https://evil.example',
      },
      body: JSON.stringify({ kind: 'webhook', name: 'x', target: h.receiver.url }),
    });
    expect(forged.status).toBe(403);

    const refusal = async (method: string, path: string, body: object) => {
      const response = await write(h, method, path, body);
      expect(response.status).toBe(400);
      return ((await response.json()) as { error: string }).error;
    };
    const ok = { kind: 'webhook', name: 'Hook', target: h.receiver.url };
    expect(await refusal('POST', '/channels', { ...ok, kind: 'pager' })).toBe(
      `Invalid kind: must be one of ${channelKinds.join(', ')}`,
    );
    expect(await refusal('POST', '/channels', { ...ok, target: 'ftp://example.com/' })).toBe(
      'Invalid target: must be an http or https URL',
    );
    expect(
      await refusal('POST', '/channels', { ...ok, target: 'https://user:pw@example.com/' }),
    ).toBe('Invalid target: must not hold a user name or password');
    // Slack and Teams hand out https addresses only: plain http would carry the hook's key in
    // the clear (issue 29: the form refused it, the server took it).
    for (const kind of ['slack', 'teams'])
      expect(
        await refusal('POST', '/channels', {
          ...ok,
          kind,
          target: 'http://hooks.slack.com/services/T000/B000/XXXX',
        }),
      ).toMatch(
        /^Invalid target: must be an https URL, as .+ webhooks are \(http only to a loopback address\)$/,
      );
    expect(await refusal('POST', '/channels', { ...ok, levels: ['red'] })).toBe(
      'Invalid levels.0: must be one of stop, caution, watch, clear, no_data',
    );
    expect(await refusal('POST', '/channels', { ...ok, sites: ['nope'] })).toBe(
      'Invalid sites.0: no site nope',
    );
    expect(
      await refusal('POST', '/channels', {
        ...ok,
        quiet: { from: '22:00', to: '6:00', tz: 'UTC' },
      }),
    ).toBe('Invalid quiet.to: must be a 24-hour time HH:MM, like 22:00');
    expect(
      await refusal('POST', '/channels', {
        ...ok,
        quiet: { from: '22:00', to: '06:00', tz: 'Mars/Olympus' },
      }),
    ).toBe('Invalid quiet.tz: must be an IANA time zone, like Europe/Berlin or UTC');
    expect(await refusal('POST', '/channels', { ...ok, escalate_minutes: 1 })).toBe(
      'Invalid escalate_minutes: must be a whole number from 2 to 240 minutes, or null for no reminders',
    );
    expect(await refusal('POST', '/channels', { ...ok, secret: 'short' })).toBe(
      'Invalid secret: must be at least 16 characters',
    );
    expect(
      await refusal('POST', '/channels', { kind: 'email', name: 'Inbox', target: 'ops@x.test' }),
    ).toBe('Invalid kind: email channels need SMTP_URL and ALARM_FROM set on the server');

    const channel = await addChannel(h, ok as CreateChannelBody);
    expect(channel).toMatchObject({
      levels: ['stop', 'caution'],
      escalate_minutes: 10,
      sites: null,
    });
    expect(channel.secret).toMatch(/^[\w-]{43}$/);
    expect(await refusal('PATCH', `/channels/${channel.id}`, { kind: 'email' })).toBe(
      'Invalid body: unknown field kind',
    );
    expect(await refusal('PATCH', `/channels/${channel.id}`, { target: 'ops@x.test' })).toBe(
      'Invalid target: must be an http or https URL',
    );
    const patched = await write(h, 'PATCH', `/channels/${channel.id}`, {
      enabled: false,
      escalate_minutes: null,
    });
    expect(((await patched.json()) as { channel: ChannelJson }).channel).toMatchObject({
      enabled: false,
      escalate_minutes: null,
    });
    // A disabled channel is told nothing.
    await addSite(h, 'Muted yard');
    await h.bff.watch.alarms.idle();
    expect(h.receiver.received).toHaveLength(0);

    expect((await write(h, 'DELETE', `/channels/${channel.id}`)).status).toBe(204);
    expect((await fetch(`${h.bff.url}/api/channels/${channel.id}`)).status).toBe(404);
    expect((await write(h, 'DELETE', `/channels/${channel.id}`)).status).toBe(404);
    const badQuery = await fetch(`${h.bff.url}/api/deliveries?event=x`);
    expect(badQuery.status).toBe(400);
    expect(((await badQuery.json()) as { error: string }).error).toBe(
      'Invalid event: must be a whole number from 1 (an event id)',
    );
    await h.bff.close();
  });
});
