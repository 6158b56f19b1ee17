import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DeliveriesResponse,
  deliveriesResponseSchema,
  type ChannelJson,
} from '../../shared/api/channel-answers';
import type { CreateChannelBody, WebhookBody } from '../../shared/api/channels';
import type { CreateSiteBody } from '../../shared/api/watch';
import type { SiteJson } from '../../shared/api/watch-answers';
import type { SitePolicyInput } from '../../shared/safety/site-policy';
import {
  type Bff,
  closeAll,
  forwardTo,
  startBff,
  startSimulator,
  startStubProvider,
} from '../testing/loopback';
import { admin, signIn, writeHeaders } from '../testing/operator';
import { startSmtpServer, startWebhookReceiver, type WebhookReceiver } from '../testing/receivers';
import { stormSite } from '../testing/storm-site';
import { createPostgresDatabase } from '../testing/test-database';
import { until } from '../testing/until';

/**
 * The forecast notice over loopback, on the BFF's injected clock: the simulator's pinned
 * afternoon is 2026-07-15 18:20Z, 13:20 at the Arkansas site (America/Chicago, UTC−5 in July),
 * and its daily forecast there has gusts of 16.5 m/s on the 16th. A policy whose gust stop is 15
 * makes tomorrow no_go; one whose stop is 30 leaves it short of that.
 */
let simulator: string;
beforeAll(async () => {
  simulator = await startSimulator();
});
afterAll(closeAll);

/** Far lightning rings: the site is clear now, whatever the storm does. */
const lightning = { rings: { stop: 1, caution: null, watch: null }, all_clear_minutes: 30 };
const noGoTomorrow: SitePolicyInput = {
  lightning,
  wind: { sustained_ms: { caution: null, stop: null }, gust_ms: { caution: null, stop: 15 } },
  aqi: { caution: null, stop: null },
};
const goTomorrow: SitePolicyInput = {
  lightning,
  wind: { sustained_ms: { caution: null, stop: null }, gust_ms: { caution: null, stop: 30 } },
  aqi: { caution: null, stop: null },
};
const tomorrow = '2026-07-16';
const gustReason = 'wind: gust 16.5 m/s ≥ stop 15 m/s';

const bffEnv = {
  SKYDECK_ADMIN_PASSWORD: admin.password,
  PUBLIC_URL: 'https://skydeck.example',
  WEBHOOK_ALLOW_PRIVATE: '1',
  WEBHOOK_BACKOFF_MS: '20',
  WEBHOOK_TIMEOUT_MS: '10000',
};

interface Harness {
  bff: Bff;
  cookie: string;
  receiver: WebhookReceiver;
}

async function harness(
  provider = simulator,
  env: Record<string, string> = {},
  dataDir?: string,
): Promise<Harness> {
  const receiver = await startWebhookReceiver();
  const bff = await startBff(provider, { ...bffEnv, ...env }, dataDir);
  return { bff, cookie: await signIn(bff), receiver };
}

function write(h: Pick<Harness, 'bff' | 'cookie'>, method: string, path: string, body?: object) {
  return fetch(`${h.bff.url}/api${path}`, {
    method,
    headers: { ...writeHeaders, Cookie: h.cookie },
    body: body && JSON.stringify(body),
  });
}

async function addSite(h: Harness, body: Omit<CreateSiteBody, 'lat' | 'lon'>): Promise<SiteJson> {
  const response = await write(h, 'POST', '/sites', { ...stormSite, ...body });
  expect(response.status, await response.clone().text()).toBe(201);
  const { site } = (await response.json()) as { site: SiteJson };
  // The site's wall clock is known once the provider has named its zone.
  await until(() => h.bff.watch.monitor.get(site.id)?.timeZone !== undefined, 'the zone is known');
  return site;
}

async function addHook(h: Harness, body: Partial<CreateChannelBody> = {}): Promise<ChannelJson> {
  const response = await write(h, 'POST', '/channels', {
    kind: 'webhook',
    name: 'Crew',
    target: `${h.receiver.url}/crew`,
    escalate_minutes: null,
    ...body,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { channel: ChannelJson }).channel;
}

/** Moves the BFF's clock on, runs a monitor round (the notice is checked after it) and waits. */
async function round(h: Pick<Harness, 'bff'>, seconds = 0): Promise<void> {
  h.bff.advance(seconds);
  await h.bff.watch.monitor.tick();
  await h.bff.watch.outlookNotices.idle();
  await h.bff.watch.alarms.idle();
}

const notices = (h: Harness, path = '/crew') =>
  h.receiver.received
    .filter((request) => request.path === path)
    .map((request) => JSON.parse(request.body) as WebhookBody)
    .filter((body) => body.kind === 'outlook');

describe('the forecast notice (outlook_notice)', () => {
  it('tells the channels once at `at` that tomorrow is no-go, as a forecast, and not again after a round or a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'skydeck-notice-'));
    const mail = await startSmtpServer();
    const mailEnv = { SMTP_URL: mail.url, ALARM_FROM: 'Skydeck <alarms@skydeck.test>' };
    const h = await harness(simulator, mailEnv, dataDir);
    await addHook(h);
    await addHook(h, { kind: 'email', name: 'Office', target: 'office@skydeck.test' });
    await addHook(h, { kind: 'slack', name: 'Chat', target: `${h.receiver.url}/slack` });
    // Quiet hours hold a forecast back as any change but a stop: in the log, with why.
    const night = await addHook(h, {
      name: 'Night desk',
      target: `${h.receiver.url}/night`,
      quiet: { from: '13:00', to: '14:00', tz: 'America/Chicago' },
    });
    // A tier hears of a stop nobody acknowledged; a forecast has nothing to acknowledge.
    await addHook(h, { name: 'Manager', target: `${h.receiver.url}/manager`, after_minutes: 10 });
    const pier = await addSite(h, {
      name: 'Pier 4',
      policy: noGoTomorrow,
      outlook_notice: { at: '13:30' },
    });
    expect(pier.outlook_notice).toEqual({ at: '13:30' });
    expect(pier.status.level).toBe('clear');

    await round(h);
    expect(notices(h)).toEqual([]);
    // 13:29:59 at the site: not yet.
    await round(h, 9 * 60 + 59);
    expect(notices(h)).toEqual([]);
    await round(h, 1);
    const [told, ...more] = notices(h);
    expect(more).toEqual([]);
    expect(told).toMatchObject({
      kind: 'outlook',
      escalation: null,
      site: { id: pier.id, name: 'Pier 4' },
      outlook: { date: tomorrow, verdict: 'no_go', reasons: [gustReason] },
      event: { id: 0, from: 'clear', to: 'clear', reason: gustReason },
    });
    const slack = h.receiver.received.find((request) => request.path === '/slack');
    expect(JSON.parse(slack?.body ?? '{}')).toMatchObject({
      text: 'Forecast NO-GO for tomorrow (Thu 16 Jul) at Pier 4',
    });
    const [delivery] = h.receiver.received.map((request) => request.headers['x-skydeck-delivery']);
    expect(delivery).toMatch(new RegExp(`-outlook:${pier.id}:${tomorrow}$`));
    await until(() => mail.messages.length === 1, 'the email arrives');
    expect(mail.messages[0]?.text).toMatch(
      /^Forecast NO-GO for tomorrow \(Thu 16 Jul\) at Pier 4\r?$/m,
    );
    expect(mail.messages[0]?.text).toContain('Forecast:  NO-GO on Thu 16 Jul (level now: CLEAR)');

    const log = await fetch(`${h.bff.url}/api/deliveries?channel=${night.id}`, {
      headers: { Cookie: h.cookie },
    });
    const { deliveries }: DeliveriesResponse = deliveriesResponseSchema.parse(await log.json());
    expect(deliveries).toMatchObject([
      {
        kind: `outlook:${pier.id}:${tomorrow}`,
        event_id: null,
        outcome: 'quiet',
        detail: 'held back: quiet hours 13:00–14:00 America/Chicago',
      },
    ]);
    expect(h.receiver.received.map((request) => request.path).sort()).toEqual(['/crew', '/slack']);

    await round(h, 60);
    await round(h, 3 * 3600);
    expect(notices(h)).toHaveLength(1);
    await h.bff.close();

    // The same database, another process: the day is on record, nothing is sent or asked for.
    const again = await startBff(simulator, { ...bffEnv, ...mailEnv }, dataDir);
    await round({ bff: again }, 11 * 60);
    expect(again.watch.monitor.get(pier.id)?.timeZone).toBe('America/Chicago');
    await round({ bff: again }, 60);
    expect(h.receiver.received).toHaveLength(2);
    expect(mail.messages).toHaveLength(1);
    expect(await again.upstreamCalls('forecast/daily')).toBe(0);
    await again.close();
  });

  it('sends nothing when tomorrow is not no-go, and asks for the outlook once that day', async () => {
    const h = await harness();
    await addHook(h);
    const yard = await addSite(h, {
      name: 'Yard',
      policy: goTomorrow,
      outlook_notice: { at: '13:30' },
    });
    expect(yard.outlook_notice).toEqual({ at: '13:30' });
    await round(h, 10 * 60);
    expect(await h.bff.upstreamCalls('forecast/daily')).toBe(1);
    // Past the cache's hour: were the day asked for at each round, the provider would hear of it.
    await round(h, 2 * 3600);
    await round(h, 60);
    expect(await h.bff.upstreamCalls('forecast/daily')).toBe(1);
    expect(notices(h)).toEqual([]);
  });

  it('refuses a time that is not HH:MM, naming outlook_notice.at, and clears the notice with null', async () => {
    const h = await harness();
    const site = await addSite(h, { name: 'Gate', policy: goTomorrow });
    expect(site.outlook_notice).toBeNull();
    for (const at of ['25:00', '7:30', '']) {
      const bad = await write(h, 'PATCH', `/sites/${site.id}`, { outlook_notice: { at } });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toEqual({
        error: 'Invalid outlook_notice.at: must be a 24-hour time HH:MM, like 22:00',
      });
    }
    const noAt = await write(h, 'PATCH', `/sites/${site.id}`, { outlook_notice: {} });
    expect(noAt.status).toBe(400);
    const set = await write(h, 'PATCH', `/sites/${site.id}`, { outlook_notice: { at: '16:00' } });
    expect(((await set.json()) as { site: SiteJson }).site.outlook_notice).toEqual({ at: '16:00' });
    const read = await fetch(`${h.bff.url}/api/sites/${site.id}`);
    expect(((await read.json()) as { site: SiteJson }).site.outlook_notice).toEqual({
      at: '16:00',
    });
    const cleared = await write(h, 'PATCH', `/sites/${site.id}`, { outlook_notice: null });
    expect(((await cleared.json()) as { site: SiteJson }).site.outlook_notice).toBeNull();
  });

  it('goes at `at` inside an activity window, and is held outside one until the next window opens', async () => {
    const h = await harness();
    await addHook(h);
    await addHook(h, { kind: 'slack', name: 'Chat', target: `${h.receiver.url}/slack` });
    const everyDay = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
    const afternoon = await addSite(h, {
      name: 'Afternoon crew',
      policy: noGoTomorrow,
      outlook_notice: { at: '13:30' },
      schedule: { windows: [{ days: [...everyDay], from: '12:00', to: '18:00' }] },
    });
    const morning = await addSite(h, {
      name: 'Morning crew',
      policy: noGoTomorrow,
      outlook_notice: { at: '13:30' },
      schedule: { windows: [{ days: [...everyDay], from: '07:00', to: '13:00' }] },
    });
    await round(h, 10 * 60);
    const told = () => notices(h).map((body) => [body.site.id, body.outlook?.date]);
    expect(told()).toEqual([[afternoon.id, tomorrow]]);
    // 06:59 on the 16th at the site: still closed.
    await round(h, 17 * 3600 + 29 * 60);
    expect(told()).toEqual([[afternoon.id, tomorrow]]);
    // 07:00: the morning crew hears of its day as it opens, and the notice says so.
    await round(h, 60);
    expect(told()).toEqual([
      [afternoon.id, tomorrow],
      [morning.id, tomorrow],
    ]);
    const held = notices(h)[1];
    expect(held?.event.reason).toBe(gustReason);
    // Told on the day itself: the words say today.
    const chat = h.receiver.received
      .filter((request) => request.path === '/slack')
      .map((request) => (JSON.parse(request.body) as { text: string }).text);
    expect(chat).toEqual([
      'Forecast NO-GO for tomorrow (Thu 16 Jul) at Afternoon crew',
      'Forecast NO-GO for today (Thu 16 Jul) at Morning crew',
    ]);
    await round(h, 60);
    expect(notices(h)).toHaveLength(2);
  });

  it('asks again at a later round when the forecast could not be had, and then tells', async () => {
    const forward = forwardTo(simulator);
    const failing = { daily: true };
    const provider = await startStubProvider((request, response) => {
      if (failing.daily && (request.url ?? '').includes('/forecast/daily'))
        response
          .writeHead(500, { 'Content-Type': 'application/json' })
          .end('{"error":"Server Error"}');
      else forward(request, response);
    });
    const h = await harness(provider.url);
    await addHook(h);
    const pier = await addSite(h, {
      name: 'Pier 4',
      policy: noGoTomorrow,
      outlook_notice: { at: '13:30' },
    });
    await round(h, 10 * 60);
    expect(notices(h)).toEqual([]);
    expect(h.bff.logs.some((line) => line.includes('"outlook-notice-fetch"'))).toBe(true);
    failing.daily = false;
    await round(h, 60);
    expect(notices(h).map((body) => body.site.id)).toEqual([pier.id]);
  });
});

describe('the forecast notice on PostgreSQL, two replicas', () => {
  it('is sent once when both check the same site and day', async () => {
    const databaseUrl = await createPostgresDatabase();
    const a = await harness(simulator, { DATABASE_URL: databaseUrl });
    await addHook(a);
    const pier = await addSite(a, {
      name: 'Pier 4',
      policy: noGoTomorrow,
      outlook_notice: { at: '13:30' },
    });
    const b = await startBff(simulator, { ...bffEnv, DATABASE_URL: databaseUrl });
    await until(async () => {
      await b.watch.monitor.refresh(pier.id);
      return b.watch.monitor.get(pier.id)?.timeZone !== undefined;
    }, 'the other replica reads the site and its zone');
    // Neither was started, so both run rounds, as two leaders would across a takeover: both
    // judge the day no-go at once, and it is recorded, and sent, once.
    await Promise.all([round(a, 10 * 60), round({ bff: b }, 10 * 60)]);
    expect(notices(a).map((body) => body.site.id)).toEqual([pier.id]);
    const judged = a.bff.logs.concat(b.logs).filter((line) => line.includes('"outlook-notice"'));
    expect(judged).toHaveLength(2);
    expect(judged).toEqual(
      expect.arrayContaining([
        expect.stringContaining('"told":true'),
        expect.stringContaining('"told":false'),
      ]),
    );
    await round(a, 60);
    await round({ bff: b }, 60);
    expect(notices(a)).toHaveLength(1);
  });
});
