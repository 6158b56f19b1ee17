import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateChannelBody } from '../../shared/api/channels';
import type { CreateSiteBody } from '../../shared/api/watch';
import type { SiteJson, WatchEventJson } from '../../shared/api/watch-answers';
import type { Alert, AlertsResponse } from '../../shared/weather/alert-schema';
import {
  advanceWorld,
  type Bff,
  closeAll,
  startBff,
  startSimulator,
  startStubProvider,
  type StubHandler,
} from '../testing/loopback';
import { admin, signIn, writeHeaders } from '../testing/operator';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/receivers';

/**
 * Activity windows end to end on 127.0.0.1: a BFF whose provider is the simulator (Pocahontas,
 * Arkansas, Wednesday 15 July 2026 18:20Z = 13:20 in Chicago: lightning inside a 7 km stop ring),
 * with alerts added at two far points, and a webhook receiver for its channels. The watch's
 * clock is the test's; the alarms sweep when told.
 */

const storm = { lat: 36.5, lon: -91 };
const warned = { lat: 47.6, lon: -122.3 };
const advised = { lat: 44.9, lon: -93.2 };
const stopPolicy = { lightning: { rings: { stop: 7, caution: 9, watch: 40 } } };
/** Closed all Wednesday, in Chicago. */
const saturdayMornings = {
  timezone: 'America/Chicago',
  windows: [{ days: ['sat'], from: '08:00', to: '09:00' }],
} satisfies CreateSiteBody['schedule'];

const alertOf = (severity: Alert['severity']): Alert => ({
  title: `Severe Thunderstorm ${severity}`,
  description: 'Test alert',
  severity,
  effective_utc: '2026-07-15T17:00:00',
  effective_local: '2026-07-15T12:00:00',
  onset_utc: '2026-07-15T17:00:00',
  onset_local: '2026-07-15T12:00:00',
  ends_utc: '2026-07-16T03:00:00',
  ends_local: '2026-07-15T22:00:00',
  expires_utc: '2026-07-16T03:00:00',
  expires_local: '2026-07-15T22:00:00',
  uri: 'https://alerts.example/1',
  regions: ['Test County'],
});

/** Whether the provider still issues the Warning at `warned`. */
let warningIssued = true;

/** The simulator's answers, with a Warning at `warned` and an Advisory at `advised`. */
function withAlerts(simulator: string): StubHandler {
  return (request, response) => {
    const path = (request.url ?? '/').replace(/^\/v2\.0/, '');
    fetch(`${simulator}${path}`).then(
      async (answer) => {
        let body = await answer.text();
        const query = new URL(path, 'http://x').searchParams;
        const near = (point: { lat: number; lon: number }) =>
          Math.abs(Number(query.get('lat')) - point.lat) < 0.01 &&
          Math.abs(Number(query.get('lon')) - point.lon) < 0.01;
        if (answer.ok && path.startsWith('/alerts')) {
          const alerts = JSON.parse(body) as AlertsResponse;
          if (near(warned) && warningIssued) alerts.alerts.push(alertOf('Warning'));
          if (near(advised)) alerts.alerts.push(alertOf('Advisory'));
          body = JSON.stringify(alerts);
        }
        response.writeHead(answer.status, { 'Content-Type': 'application/json' }).end(body);
      },
      () => response.destroy(),
    );
  };
}

let simulator: string;
let provider: { url: string };
let bff: Bff;
let cookie: string;
let receiver: WebhookReceiver;

beforeAll(async () => {
  simulator = await startSimulator();
  provider = await startStubProvider(withAlerts(simulator));
  receiver = await startWebhookReceiver();
  bff = await startBff(provider.url, {
    SKYDECK_ADMIN_PASSWORD: admin.password,
    PUBLIC_URL: 'https://skydeck.example',
    WEBHOOK_ALLOW_PRIVATE: '1',
    WEBHOOK_BACKOFF_MS: '20',
    WEBHOOK_TIMEOUT_MS: '10000',
  });
  cookie = await signIn(bff);
});
afterAll(closeAll);

async function write(method: string, path: string, body: object): Promise<Response> {
  return fetch(`${bff.url}/api${path}`, {
    method,
    headers: { ...writeHeaders, Cookie: cookie },
    body: JSON.stringify(body),
  });
}

async function addSite(body: CreateSiteBody): Promise<SiteJson> {
  const response = await write('POST', '/sites', body);
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { site: SiteJson }).site;
}

async function eventsOf(siteId: string): Promise<WatchEventJson[]> {
  const response = await fetch(`${bff.url}/api/events?site=${siteId}`);
  const { events } = (await response.json()) as { events: WatchEventJson[] };
  return events.filter((event) => event.site_id === siteId).reverse();
}

async function settle(): Promise<void> {
  await bff.watch.alarms.sweep();
  await bff.watch.alarms.idle();
}

const received = (siteId: string) =>
  receiver.received.filter((request) => request.body.includes(siteId));

describe('activity windows', () => {
  it('refuses a bad schedule with a 400 naming the field', async () => {
    const response = await write('POST', '/sites', {
      name: 'Bad hours',
      ...storm,
      schedule: { windows: [{ days: ['mon'], from: '07:00', to: '25:00' }] },
    });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('schedule.windows.0.to');
  });

  it('records off hours without telling anyone, bar a Warning; the window opening tells the crew', async () => {
    const hook = {
      kind: 'webhook',
      name: 'Crew',
      target: `${receiver.url}/crew`,
      levels: ['stop', 'caution', 'watch'],
    } satisfies CreateChannelBody;
    expect((await write('POST', '/channels', hook)).status).toBe(201);
    const chat = { ...hook, kind: 'slack', name: 'Crew chat', target: `${receiver.url}/chat` };
    expect((await write('POST', '/channels', chat)).status).toBe(201);
    // The supervisor hears of a stop nobody has acknowledged for 10 minutes: of working time.
    const supervisor = {
      ...hook,
      name: 'Supervisor',
      target: `${receiver.url}/supervisor`,
      levels: ['stop'],
      after_minutes: 10,
    } satisfies CreateChannelBody;
    expect((await write('POST', '/channels', supervisor)).status).toBe(201);
    await settle();

    // Closed on Wednesdays except 13:25 to 14:00 in the site's own zone (none given).
    const yard = await addSite({
      name: 'North yard',
      ...storm,
      policy: stopPolicy,
      schedule: { windows: [{ days: ['wed'], from: '13:25', to: '14:00' }] },
    });
    expect(yard.timezone).toBe('America/Chicago');
    expect(yard.status).toMatchObject({ level: 'stop', off_hours: true });
    expect(yard.schedule).toEqual({
      timezone: null,
      windows: [{ days: ['wed'], from: '13:25', to: '14:00' }],
      always: ['Warning'],
    });
    const warnedSite = await addSite({
      name: 'Seattle pier',
      ...warned,
      schedule: saturdayMornings,
    });
    const advisedSite = await addSite({
      name: 'Twin yard',
      ...advised,
      schedule: saturdayMornings,
    });
    await settle();

    const [stopEvent] = await eventsOf(yard.id);
    expect(stopEvent).toMatchObject({ to: 'stop', off_hours: true });
    const [warnedEvent] = await eventsOf(warnedSite.id);
    expect(warnedEvent).toMatchObject({ to: 'stop', off_hours: true });
    const [advisedEvent] = await eventsOf(advisedSite.id);
    expect(advisedEvent?.off_hours).toBe(true);
    // Only the Warning, which the schedule alarms for at any hour, went out, on both channels.
    expect(received(yard.id)).toEqual([]);
    expect(received(advisedSite.id)).toEqual([]);
    expect(
      received(warnedSite.id)
        .map((request) => request.path)
        .sort(),
    ).toEqual(['/crew', '/chat'].sort());

    // The events' CSV ends with the new column.
    const csv = await (await fetch(`${bff.url}/api/events?format=csv&site=${yard.id}`)).text();
    const [header, row] = csv.split('\r\n');
    expect(header?.endsWith(',cause,off_hours')).toBe(true);
    expect(row?.endsWith(',true')).toBe(true);

    // 13:25 in Chicago: the window opens with the yard still at stop, and the crew hears of it;
    // the live stream tells the board at once.
    const statuses: unknown[] = [];
    bff.watch.hub.subscribe(
      (message) => {
        if (message.event === 'status') statuses.push(message.data);
      },
      () => undefined,
    );
    for (let minute = 0; minute < 5; minute++) {
      await advanceWorld(simulator, 60);
      bff.advance(60);
      await bff.watch.monitor.tick();
    }
    const sites = (await (await fetch(`${bff.url}/api/sites`)).json()) as { sites: SiteJson[] };
    expect(sites.sites.find((site) => site.id === yard.id)?.status).toMatchObject({
      level: 'stop',
      off_hours: false,
    });
    expect(statuses).toContainEqual({
      site_id: yard.id,
      status: expect.objectContaining({ level: 'stop', off_hours: false }),
    });
    await settle();
    await settle();
    const told = received(yard.id);
    expect(told.map((request) => request.path).sort()).toEqual(['/chat', '/crew']);
    const slack = told.find((request) => request.path === '/chat');
    expect(JSON.parse(slack?.body ?? '{}')).toMatchObject({
      text: 'STOP at North yard as the working day starts',
    });

    // The stop is hours old, but the supervisor's 10 minutes count from the opening (13:25).
    for (let minute = 0; minute < 9; minute++) {
      await advanceWorld(simulator, 60);
      bff.advance(60);
      await bff.watch.monitor.tick();
      await settle();
    }
    expect(received(yard.id).map((request) => request.path)).not.toContain('/supervisor');
    await advanceWorld(simulator, 60);
    bff.advance(60);
    await bff.watch.monitor.tick();
    await settle();
    const yardNow = (await (await fetch(`${bff.url}/api/sites/${yard.id}`)).json()) as {
      site: SiteJson;
    };
    expect(yardNow.site.status.level).toBe('stop');
    expect(received(yard.id).map((request) => request.path)).toContain('/supervisor');
  });

  it('after a restart, still tells whoever a Warning woke off hours that it has ended', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'skydeck-windows-restart-'));
    const env = {
      SKYDECK_ADMIN_PASSWORD: admin.password,
      PUBLIC_URL: 'https://skydeck.example',
      WEBHOOK_ALLOW_PRIVATE: '1',
      WEBHOOK_BACKOFF_MS: '20',
    };
    const first = await startBff(provider.url, env, dataDir);
    const firstCookie = await signIn(first);
    const post = (path: string, body: object) =>
      fetch(`${first.url}/api${path}`, {
        method: 'POST',
        headers: { ...writeHeaders, Cookie: firstCookie },
        body: JSON.stringify(body),
      });
    const hook = {
      kind: 'webhook',
      name: 'Harbour master',
      target: `${receiver.url}/harbour`,
      levels: ['stop', 'caution', 'watch'],
    } satisfies CreateChannelBody;
    expect((await post('/channels', hook)).status).toBe(201);
    const pier = (await (
      await post('/sites', { name: 'Night pier', ...warned, schedule: saturdayMornings })
    ).json()) as { site: SiteJson };
    await first.watch.monitor.tick();
    await first.watch.alarms.sweep();
    await first.watch.alarms.idle();
    const toHarbour = () =>
      receiver.received.filter(
        (request) => request.path === '/harbour' && request.body.includes(pier.site.id),
      );
    // The Warning stops the pier off hours, and wakes the harbour master.
    expect(toHarbour()).toHaveLength(1);
    await first.close();

    // Restarted; then the Warning is lifted, still off hours.
    warningIssued = false;
    try {
      const second = await startBff(provider.url, env, dataDir);
      second.advance(120);
      await second.watch.monitor.tick();
      await second.watch.alarms.sweep();
      await second.watch.alarms.idle();
      const events = (await (
        await fetch(`${second.url}/api/events?site=${pier.site.id}`)
      ).json()) as { events: WatchEventJson[] };
      const [lifted] = events.events;
      expect(lifted).toMatchObject({ from: 'stop', off_hours: true });
      expect(toHarbour()).toHaveLength(2);
      await second.close();
    } finally {
      warningIssued = true;
    }
  });
});
