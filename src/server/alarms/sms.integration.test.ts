import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreateChannelBody } from '../../shared/api/channels';
import type { ChannelJson, ChannelsResponse, DeliveryJson } from '../../shared/api/channel-answers';
import type { SiteJson } from '../../shared/api/watch-answers';
import { type Bff, closeAll, startBff, startSimulator } from '../testing/loopback';
import { admin, signIn, writeHeaders } from '../testing/operator';
import {
  type ReceivedRequest,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../testing/receivers';
import { until } from '../testing/until';
import { stopPolicy, stormSite as site } from '../testing/storm-site';

const publicUrl = 'https://skydeck.example';
const twilio = {
  TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
  TWILIO_AUTH_TOKEN: 'tok-0123456789abcdef-never-shown',
  TWILIO_FROM: '+15005550006',
};
const phone = '+15551234567';

let simulator: string;
beforeAll(async () => {
  simulator = await startSimulator();
});
afterAll(closeAll);

interface TwilioRequest {
  resource: string;
  form: URLSearchParams;
  at: number;
}

/**
 * The stub: a request Twilio would refuse (wrong account, auth or form) is a test failure, kept
 * in `refusals`; a good one is kept in `accepted` and answered by `respond` (201 and a sid).
 */
interface TwilioStub {
  url: string;
  receiver: WebhookReceiver;
  accepted: TwilioRequest[];
  refusals: string[];
  respond: (request: TwilioRequest, count: number) => { status: number; body: object };
}

async function startTwilioStub(): Promise<TwilioStub> {
  const receiver = await startWebhookReceiver();
  const stub: TwilioStub = {
    url: receiver.url,
    receiver,
    accepted: [],
    refusals: [],
    respond: (request, count) => ({
      status: 201,
      body: {
        sid: `${request.resource === 'Calls.json' ? 'CA' : 'SM'}${String(count).padStart(32, '0')}`,
        status: 'queued',
      },
    }),
  };
  receiver.handler = (request: ReceivedRequest, response) => {
    const refuse = (why: string) => {
      stub.refusals.push(why);
      response.writeHead(400, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify({ code: 21601, message: why, status: 400 }));
    };
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/(Messages|Calls)\.json$/.exec(request.path);
    if (!match || match[1] !== twilio.TWILIO_ACCOUNT_SID) return refuse(`path ${request.path}`);
    const expected = `Basic ${Buffer.from(`${twilio.TWILIO_ACCOUNT_SID}:${twilio.TWILIO_AUTH_TOKEN}`).toString('base64')}`;
    if (request.headers.authorization !== expected) return refuse('authorization');
    if (request.headers['content-type'] !== 'application/x-www-form-urlencoded')
      return refuse(`content-type ${request.headers['content-type']}`);
    const form = new URLSearchParams(request.body);
    if (form.get('To') !== phone) return refuse(`To ${form.get('To')}`);
    if (form.get('From') !== twilio.TWILIO_FROM) return refuse(`From ${form.get('From')}`);
    const resource = `${match[2]}.json`;
    const field = resource === 'Messages.json' ? 'Body' : 'Twiml';
    if (!form.get(field)) return refuse(`no ${field}`);
    const received = { resource, form, at: request.at };
    stub.accepted.push(received);
    const { status, body } = stub.respond(received, stub.accepted.length);
    response.writeHead(status, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(body));
  };
  return stub;
}

interface Harness {
  bff: Bff;
  cookie: string;
  stub: TwilioStub;
}

async function harness(env: Record<string, string> = {}): Promise<Harness> {
  const stub = await startTwilioStub();
  const bff = await startBff(simulator, {
    SKYDECK_ADMIN_PASSWORD: admin.password,
    PUBLIC_URL: publicUrl,
    WEBHOOK_BACKOFF_MS: '20',
    WEBHOOK_TIMEOUT_MS: '10000',
    ...twilio,
    TWILIO_API_URL: stub.url,
    ...env,
  });
  return { bff, cookie: await signIn(bff), stub };
}

function write(h: { bff: Bff; cookie: string }, method: string, path: string, body?: object) {
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

async function addSite(h: Harness, name: string): Promise<SiteJson> {
  const response = await write(h, 'POST', '/sites', { name, ...site, policy: stopPolicy });
  expect(response.status).toBe(201);
  return ((await response.json()) as { site: SiteJson }).site;
}

async function deliveries(bff: Bff, channel: string): Promise<DeliveryJson[]> {
  const response = await fetch(`${bff.url}/api/deliveries?channel=${channel}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { deliveries: DeliveryJson[] }).deliveries.reverse();
}

interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: (XmlElement | string)[];
}

/**
 * A strict reader of the XML TwiML is: a declaration, elements, attributes, text and the five
 * entities; anything malformed (an unclosed or mismatched tag, a bare & or <) throws.
 */
function parseXml(xml: string): XmlElement {
  const entities: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  const decode = (text: string) => {
    if (/<|&(?!(amp|lt|gt|quot|apos);)/.test(text)) throw new Error(`bad text: ${text}`);
    return text.replace(/&(\w+);/g, (_m, name: string) => entities[name] as string);
  };
  let rest = xml.replace(/^<\?xml[^?]*\?>/, '');
  const root: XmlElement = { name: '#document', attributes: {}, children: [] };
  const stack = [root];
  while (rest.length > 0) {
    const top = stack.at(-1) as XmlElement;
    const tag = /^<(\/?)([A-Za-z]+)((?:\s+[A-Za-z]+="[^"<]*")*)\s*(\/?)>/.exec(rest);
    if (tag) {
      const [whole, closing, name = '', attrs = '', selfClosing] = tag;
      rest = rest.slice(whole.length);
      if (closing) {
        if (top.name !== name) throw new Error(`</${name}> closes <${top.name}>`);
        stack.pop();
        continue;
      }
      const attributes = Object.fromEntries(
        [...attrs.matchAll(/([A-Za-z]+)="([^"]*)"/g)].map(([, key, value]) => [
          key as string,
          decode(value as string),
        ]),
      );
      const element: XmlElement = { name, attributes, children: [] };
      top.children.push(element);
      if (!selfClosing) stack.push(element);
      continue;
    }
    const end = rest.indexOf('<');
    const text = end === -1 ? rest : rest.slice(0, end);
    if (text.length === 0) throw new Error(`bad markup at ${rest.slice(0, 20)}`);
    top.children.push(decode(text));
    rest = rest.slice(text.length);
  }
  if (stack.length !== 1) throw new Error(`<${stack.at(-1)?.name}> is not closed`);
  const [document] = root.children.filter((child) => typeof child !== 'string');
  if (!document || root.children.length !== 1) throw new Error('not one root element');
  return document as XmlElement;
}

describe('sms and voice channels, through a Twilio-compatible stub', () => {
  it('texts a stop to the number, keeps the sid, and never shows the token', async () => {
    const h = await harness();
    const sms = await addChannel(h, { kind: 'sms', name: 'Crane operator', target: phone });
    expect(sms).toMatchObject({ kind: 'sms', target: phone, secret_set: false });
    expect(sms.secret).toBeUndefined();

    let recorded = 0;
    h.bff.watch.hub.subscribe(
      (message) => {
        if (message.event === 'record') recorded = performance.now();
      },
      () => undefined,
    );
    const stopped = await addSite(h, 'Storm yard');
    expect(stopped.status.level).toBe('stop');
    await until(() => h.stub.accepted.length >= 1, 'the SMS reached the stub');
    console.log(
      `SMS: level change recorded → SMS received by the Twilio stub in ${(
        (h.stub.accepted[0] as TwilioRequest).at - recorded
      ).toFixed(1)} ms (loopback)`,
    );
    await h.bff.watch.alarms.idle();
    expect(h.stub.refusals).toEqual([]);
    expect(h.stub.accepted).toHaveLength(1);
    const [text] = h.stub.accepted as [TwilioRequest];
    expect(text.resource).toBe('Messages.json');
    const body = text.form.get('Body') as string;
    expect(body.startsWith('STOP at Storm yard (was ')).toBe(true);
    expect(body).toContain(`${publicUrl}/?v=3&view=board&site=${stopped.id}`);
    expect(body.length).toBeLessThanOrEqual(160);

    const [attempt] = await deliveries(h.bff, sms.id);
    expect(attempt).toMatchObject({
      attempt: 1,
      outcome: 'delivered',
      status: 201,
      provider_sid: `SM${'1'.padStart(32, '0')}`,
    });
    // Signed out, the number is shown cut; the token nowhere, nor in any log line.
    const open = (await (await fetch(`${h.bff.url}/api/channels`)).json()) as ChannelsResponse;
    expect(open.channels[0]?.target).toBe('+15…67');
    for (const text of [JSON.stringify(open), JSON.stringify(attempt), ...h.bff.logs])
      expect(text).not.toContain(twilio.TWILIO_AUTH_TOKEN);
    await h.bff.close();
  });

  it('calls the number with TwiML that says the headline twice, escaped', async () => {
    const h = await harness();
    const voice = await addChannel(h, { kind: 'voice', name: 'Site lead', target: phone });
    await addSite(h, 'Dock <3> & "Yard"');
    await until(() => h.stub.accepted.length >= 1, 'the call reached the stub');
    await h.bff.watch.alarms.idle();
    expect(h.stub.refusals).toEqual([]);
    const [call] = h.stub.accepted as [TwilioRequest];
    expect(call.resource).toBe('Calls.json');
    const twiml = parseXml(call.form.get('Twiml') as string);
    expect(twiml.name).toBe('Response');
    const says = twiml.children.filter(
      (child): child is XmlElement => typeof child !== 'string' && child.name === 'Say',
    );
    expect(says.map((say) => say.children)).toEqual([
      ['STOP at Dock <3> & "Yard" (was NO DATA)'],
      ['STOP at Dock <3> & "Yard" (was NO DATA)'],
    ]);
    const [attempt] = await deliveries(h.bff, voice.id);
    expect(attempt?.provider_sid).toBe(`CA${'1'.padStart(32, '0')}`);
    await h.bff.close();
  });

  it('does not retry a 400 from the provider, records its message, and retries a 500', async () => {
    const h = await harness();
    h.stub.respond = () => ({
      status: 400,
      body: {
        code: 21211,
        message: `The 'To' number ${phone} is not a valid phone number.`,
        status: 400,
      },
    });
    const refused = await addChannel(h, { kind: 'sms', name: 'Wrong number', target: phone });
    await addSite(h, 'First yard');
    await until(() => h.stub.accepted.length >= 1, 'the SMS reached the stub');
    await h.bff.watch.alarms.idle();
    expect(h.stub.accepted).toHaveLength(1);
    expect(
      (await deliveries(h.bff, refused.id)).map((row) => [row.outcome, row.status, row.detail]),
    ).toEqual([
      [
        'failed',
        400,
        `HTTP 400 (code 21211): The 'To' number ${phone} is not a valid phone number.`,
      ],
    ]);
    await write(h, 'DELETE', `/channels/${refused.id}`);

    h.stub.accepted.length = 0;
    h.stub.respond = (request, count) =>
      count <= 2
        ? { status: 500, body: { code: 20500, message: 'Internal Server Error', status: 500 } }
        : { status: 201, body: { sid: `SM${'9'.repeat(32)}` } };
    const flaky = await addChannel(h, { kind: 'sms', name: 'Flaky', target: phone });
    await addSite(h, 'Second yard');
    await until(() => h.stub.accepted.length >= 3, 'the third attempt reached the stub');
    await h.bff.watch.alarms.idle();
    expect(
      (await deliveries(h.bff, flaky.id)).map((row) => [
        row.attempt,
        row.outcome,
        row.status,
        row.provider_sid,
      ]),
    ).toEqual([
      [1, 'retry', 500, null],
      [2, 'retry', 500, null],
      [3, 'delivered', 201, `SM${'9'.repeat(32)}`],
    ]);
    await h.bff.close();
  });

  it('refuses a number that is not E.164, naming target', async () => {
    const h = await harness();
    for (const target of ['5551234567', '+0551234567', '+1 555 123 4567', '+1234567890123456']) {
      const response = await write(h, 'POST', '/channels', { kind: 'sms', name: 'Bad', target });
      expect(response.status, target).toBe(400);
      expect(((await response.json()) as { error: string }).error).toMatch(
        /^Invalid target: must be a phone number in E\.164 form/,
      );
    }
    const voice = await addChannel(h, { kind: 'voice', name: 'Lead', target: phone });
    const patched = await write(h, 'PATCH', `/channels/${voice.id}`, { target: '555-1234' });
    expect(patched.status).toBe(400);
    expect(((await patched.json()) as { error: string }).error).toMatch(/^Invalid target: /);
    const secret = await write(h, 'PATCH', `/channels/${voice.id}`, {
      secret: 'a-secret-of-our-own-choosing',
    });
    expect(secret.status).toBe(400);
    expect(((await secret.json()) as { error: string }).error).toBe(
      'Invalid secret: must be left out: voice channels are not signed',
    );
    await h.bff.close();
  });

  it('without the TWILIO variables, refuses both kinds saying what to set', async () => {
    const bff = await startBff(simulator, {
      SKYDECK_ADMIN_PASSWORD: admin.password,
      PUBLIC_URL: publicUrl,
    });
    const h = { bff, cookie: await signIn(bff) };
    const { kinds } = (await (await fetch(`${bff.url}/api/channels`)).json()) as ChannelsResponse;
    const reason =
      'sms and voice channels need TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM set on the server';
    expect(kinds.filter((kind) => kind.kind === 'sms' || kind.kind === 'voice')).toEqual([
      { kind: 'sms', available: false, reason, target_rule: null },
      { kind: 'voice', available: false, reason, target_rule: null },
    ]);
    for (const kind of ['sms', 'voice'] as const) {
      const response = await write(h, 'POST', '/channels', { kind, name: 'Phone', target: phone });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ error: `Invalid kind: ${reason}` });
    }
    await bff.close();
  });
});
