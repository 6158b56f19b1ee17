import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateChannelBody, WebhookBody } from '../../shared/api/channels';
import type { ChannelJson, DrillResponse, DrillsResponse } from '../../shared/api/channel-answers';
import type { SiteJson, WatchEventJson } from '../../shared/api/watch-answers';
import type { SitePolicyInput } from '../../shared/safety/site-policy';
import { type Bff, closeAll, startBff, startSimulator } from '../testing/loopback';
import { admin, signIn, writeHeaders } from '../testing/operator';
import {
  type ReceivedRequest,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../testing/receivers';
import { until } from '../testing/until';
import { stopPolicy, cautionPolicy, stormSite as site } from '../testing/storm-site';

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

async function harness(): Promise<Harness> {
  const receiver = await startWebhookReceiver();
  const bff = await startBff(simulator, {
    SKYDECK_ADMIN_PASSWORD: admin.password,
    PUBLIC_URL: 'https://skydeck.example',
    WEBHOOK_ALLOW_PRIVATE: '1',
    WEBHOOK_BACKOFF_MS: '20',
    WEBHOOK_TIMEOUT_MS: '10000',
  });
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

async function addSite(h: Harness, name: string, policy: SitePolicyInput): Promise<SiteJson> {
  const response = await write(h, 'POST', '/sites', { name, ...site, policy });
  expect(response.status).toBe(201);
  return ((await response.json()) as { site: SiteJson }).site;
}

async function events(bff: Bff): Promise<WatchEventJson[]> {
  const response = await fetch(`${bff.url}/api/events`);
  return ((await response.json()) as { events: WatchEventJson[] }).events.reverse();
}

const bodyOf = (request: ReceivedRequest) => JSON.parse(request.body) as WebhookBody;
const to = (h: Harness, path: string) =>
  h.receiver.received.filter((request) => request.path === path).map(bodyOf);

describe('escalation tiers, against the simulator', () => {
  it('tells a tier of a stop only after it stayed unacknowledged that long; acknowledging stops the later tiers', async () => {
    const h = await harness();
    await addChannel(h, {
      kind: 'webhook',
      name: 'Crew',
      target: `${h.receiver.url}/crew`,
      escalate_minutes: null,
    });
    const supervisor = await addChannel(h, {
      kind: 'webhook',
      name: 'Supervisor',
      target: `${h.receiver.url}/supervisor`,
      escalate_minutes: null,
      after_minutes: 10,
    });
    expect(supervisor.after_minutes).toBe(10);
    await addChannel(h, {
      kind: 'webhook',
      name: 'Manager',
      target: `${h.receiver.url}/manager`,
      escalate_minutes: null,
      after_minutes: 20,
    });
    const stopped = await addSite(h, 'Tier yard', stopPolicy);
    expect(stopped.status.level).toBe('stop');
    await until(() => to(h, '/crew').length === 1, 'the crew heard the stop');
    const later = async (minutes: number) => {
      h.bff.advance(minutes * 60);
      await h.bff.watch.alarms.sweep();
      await h.bff.watch.alarms.idle();
    };
    await later(9);
    expect(to(h, '/supervisor')).toEqual([]);
    await later(1);
    const [told] = to(h, '/supervisor');
    expect(told).toMatchObject({ kind: 'change', site: { id: stopped.id } });
    expect(told?.event.to).toBe('stop');

    const [event] = await events(h.bff);
    expect((await write(h, 'POST', `/events/${event?.id}/ack`, { note: 'on it' })).status).toBe(
      200,
    );
    await later(10);
    await later(10);
    expect(to(h, '/manager')).toEqual([]);
    expect(to(h, '/supervisor')).toHaveLength(1);
    expect(to(h, '/crew')).toHaveLength(1);

    // Out of range: named, with its rule.
    const bad = await write(h, 'PATCH', `/channels/${supervisor.id}`, { after_minutes: 241 });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      error: 'Invalid after_minutes: must be a whole number from 0 to 240 minutes',
    });
    await h.bff.close();
  });
});

describe('drills, against the simulator', () => {
  it('sends every channel that would hear a stop a message marked DRILL, and leaves the site and its events alone', async () => {
    const h = await harness();
    const yard = await addSite(h, 'Drill yard', cautionPolicy);
    const other = await addSite(h, 'Other yard', { lightning: { rings: { stop: 1 } } });
    await h.bff.watch.alarms.idle();
    expect(yard.status.level).toBe('caution');
    const eventsBefore = await events(h.bff);

    const hook = await addChannel(h, {
      kind: 'webhook',
      name: 'Hook',
      target: `${h.receiver.url}/hook`,
    });
    const slack = await addChannel(h, {
      kind: 'slack',
      name: 'Slack',
      target: `${h.receiver.url}/slack`,
    });
    const tier = await addChannel(h, {
      kind: 'webhook',
      name: 'Supervisor',
      target: `${h.receiver.url}/tier`,
      after_minutes: 10,
    });
    // Neither would hear a stop here.
    await addChannel(h, {
      kind: 'webhook',
      name: 'Cautions',
      target: `${h.receiver.url}/caution`,
      levels: ['caution'],
    });
    await addChannel(h, {
      kind: 'webhook',
      name: 'Elsewhere',
      target: `${h.receiver.url}/elsewhere`,
      sites: [other.id],
    });

    const response = await write(h, 'POST', `/sites/${yard.id}/drill`);
    expect(response.status, await response.clone().text()).toBe(202);
    const { drill } = (await response.json()) as DrillResponse;
    expect(drill).toMatchObject({ site_id: yard.id, site_name: 'Drill yard', started_by: 'admin' });
    expect(drill.deliveries.map((delivery) => delivery.channel_id).sort()).toEqual(
      [hook.id, slack.id, tier.id].sort(),
    );

    await until(() => h.receiver.received.length >= 3, 'three drill messages arrived');
    await h.bff.watch.alarms.idle();
    const [generic] = to(h, '/hook');
    expect(generic).toMatchObject({
      kind: 'drill',
      escalation: null,
      event: { id: 0, site_id: yard.id, to: 'stop' },
      site: { id: yard.id, name: 'Drill yard' },
    });
    const slackBody = JSON.parse(
      h.receiver.received.find((request) => request.path === '/slack')?.body ?? '{}',
    ) as { text: string };
    expect(slackBody.text).toMatch(/^DRILL: STOP at Drill yard/);
    expect(to(h, '/tier')).toHaveLength(1);
    expect(to(h, '/caution')).toEqual([]);
    expect(to(h, '/elsewhere')).toEqual([]);

    // The site's level and the event log are as they were.
    const read = (await (await fetch(`${h.bff.url}/api/sites/${yard.id}`)).json()) as {
      site: SiteJson;
    };
    expect(read.site.status.level).toBe('caution');
    expect(await events(h.bff)).toEqual(eventsBefore);

    // The drill's record: who, and what was delivered.
    const listed = (await (
      await fetch(`${h.bff.url}/api/sites/${yard.id}/drills`)
    ).json()) as DrillsResponse;
    expect(listed.drills).toHaveLength(1);
    expect(listed.drills[0]).toMatchObject({ id: drill.id, started_by: 'admin' });
    expect(listed.drills[0]?.deliveries.map((delivery) => delivery.outcome)).toEqual([
      'delivered',
      'delivered',
      'delivered',
    ]);
    const log = (await (await fetch(`${h.bff.url}/api/deliveries?channel=${hook.id}`)).json()) as {
      deliveries: { kind: string; outcome: string }[];
    };
    expect(log.deliveries).toMatchObject([{ kind: `drill:${drill.id}`, outcome: 'delivered' }]);

    // One a minute per site, the rule named; another site may drill meanwhile.
    const again = await write(h, 'POST', `/sites/${yard.id}/drill`);
    expect(again.status).toBe(429);
    expect(((await again.json()) as { error: string }).error).toMatch(
      /^Too many drills: at most one a site every 60 seconds; the last here was started at .+ by admin$/,
    );
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await write(h, 'POST', `/sites/${other.id}/drill`)).status).toBe(202);
    h.bff.advance(60);
    expect((await write(h, 'POST', `/sites/${yard.id}/drill`)).status).toBe(202);
    await h.bff.watch.alarms.idle();
    await h.bff.close();
  });

  it('refuses a drill without a session, and at a site that does not exist', async () => {
    const h = await harness();
    const yard = await addSite(h, 'Drill yard', cautionPolicy);
    const anonymous = await fetch(`${h.bff.url}/api/sites/${yard.id}/drill`, {
      method: 'POST',
      headers: writeHeaders,
    });
    expect(anonymous.status).toBe(401);
    const unknown = await write(h, 'POST', '/sites/no-such-site/drill');
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ error: 'No site no-such-site' });
    expect((await fetch(`${h.bff.url}/api/sites/no-such-site/drills`)).status).toBe(404);
    await h.bff.close();
  });
});
