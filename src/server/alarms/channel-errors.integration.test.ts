import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelKinds, isHttpKind, kindInfo } from '../../shared/api/channels';
import type {
  ChannelJson,
  ChannelsResponse,
  DeliveryJson,
  SavedChannelResponse,
} from '../../shared/api/channel-answers';
import { type Bff, closeAll, startBff, startSimulator } from '../testing/loopback';
import { admin, signIn, writeHeaders } from '../testing/operator';
import { answer, startWebhookReceiver, type WebhookReceiver } from '../testing/receivers';
import type { Resolver } from './address-guard';

/**
 * What a channel's screen is told over real HTTP on 127.0.0.1, so it can say what will go wrong
 * before it does: the kinds this server can send (email only with SMTP_URL), a warning when the
 * address guard cannot pass a saved target yet, a refusal naming the guard's rule, and the cause
 * of a failed test; a channel flagged failing is cleared by a test that gets through.
 */

/** Names as DNS would answer them here; any other does not resolve (no traffic leaves the host). */
const names: Record<string, string> = { 'hooks.example': '93.184.216.34' };
const resolveHost: Resolver = async (hostname) => {
  const address = names[hostname];
  if (!address) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
  return [{ address, family: 4 }];
};

let simulator: string;
let receiver: WebhookReceiver;

beforeAll(async () => {
  simulator = await startSimulator();
  receiver = await startWebhookReceiver();
});
afterAll(closeAll);

async function server(env: Record<string, string>): Promise<{ bff: Bff; cookie: string }> {
  const bff = await startBff(
    simulator,
    { SKYDECK_ADMIN_PASSWORD: admin.password, WEBHOOK_TIMEOUT_MS: '10000', ...env },
    undefined,
    { resolveHost },
  );
  return { bff, cookie: await signIn(bff) };
}

const send = (
  h: { bff: Bff; cookie: string },
  method: string,
  path: string,
  body?: object,
): Promise<Response> =>
  fetch(`${h.bff.url}/api${path}`, {
    method,
    headers: { ...writeHeaders, Cookie: h.cookie },
    body: body && JSON.stringify(body),
  });

describe('channel errors that say why', () => {
  it('lists the kinds this server can send: email only with SMTP_URL, each URL kind with the guard’s rule', async () => {
    const closed = await server({ WEBHOOK_ALLOW_PRIVATE: '0' });
    const listed = (await (
      await fetch(`${closed.bff.url}/api/channels`)
    ).json()) as ChannelsResponse;
    expect(listed.channels).toEqual([]);
    // Every kind, in the order the schema lists them: email (over SMTP) and sms and voice (over
    // the Twilio API) unavailable here, with the reason why; the URL kinds available, with the
    // guard's rule.
    const emailReason = 'email channels need SMTP_URL and ALARM_FROM set on the server';
    const phoneReason =
      'sms and voice channels need TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM set on the server';
    expect(listed.kinds).toEqual(
      channelKinds.map((kind) =>
        !isHttpKind(kind)
          ? {
              kind,
              available: false,
              reason: kindInfo(kind).transport === 'email' ? emailReason : phoneReason,
              target_rule: null,
            }
          : {
              kind,
              available: true,
              reason: null,
              target_rule: expect.stringMatching(/loopback, private.* refused/),
            },
      ),
    );
    // The refusal of an email channel gives the same reason.
    const email = await send(closed, 'POST', '/channels', {
      kind: 'email',
      name: 'Inbox',
      target: 'ops@example.com',
    });
    expect(email.status).toBe(400);
    expect(((await email.json()) as { error: string }).error).toBe(`Invalid kind: ${emailReason}`);

    const open = await server({
      WEBHOOK_ALLOW_PRIVATE: '1',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      ALARM_FROM: 'Skydeck <alarms@skydeck.test>',
      TWILIO_ACCOUNT_SID: 'AC0123456789abcdef0123456789abcdef',
      TWILIO_AUTH_TOKEN: 'token-of-sixteen',
      TWILIO_FROM: '+15005550006',
    });
    const kinds = ((await (await fetch(`${open.bff.url}/api/channels`)).json()) as ChannelsResponse)
      .kinds;
    expect(kinds.map((kind) => [kind.kind, kind.available])).toEqual(
      channelKinds.map((kind) => [kind, true]),
    );
    for (const kind of kinds.filter((kind) => isHttpKind(kind.kind)))
      expect(kind.target_rule, kind.kind).toMatch(
        /allowed on this server \(WEBHOOK_ALLOW_PRIVATE=1\)/,
      );
    await closed.bff.close();
    await open.bff.close();
  });

  it('refuses a private target at the save, and warns of one the guard cannot pass yet', async () => {
    const h = await server({ WEBHOOK_ALLOW_PRIVATE: '0' });
    const refused = await send(h, 'POST', '/channels', {
      kind: 'webhook',
      name: 'Loopback',
      target: `${receiver.url}/hook`,
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toBe(
      'Invalid target: the target resolves to a loopback or private address (allowed only with WEBHOOK_ALLOW_PRIVATE=1)',
    );

    // A name that does not resolve now may tomorrow: saved, with the guard's words as a warning.
    const created = await send(h, 'POST', '/channels', {
      kind: 'webhook',
      name: 'Not yet',
      target: 'https://later.example/hook',
    });
    expect(created.status).toBe(201);
    const saved = (await created.json()) as SavedChannelResponse;
    expect(saved.warning).toBe(
      'the host name did not resolve (ENOTFOUND): a send now would fail, and every send checks it again until it resolves to an allowed address',
    );
    // Once it points at one that resolves, no warning.
    const moved = await send(h, 'PATCH', `/channels/${saved.channel.id}`, {
      target: 'https://hooks.example/skydeck',
    });
    expect(moved.status).toBe(200);
    expect(((await moved.json()) as SavedChannelResponse).warning).toBeUndefined();
    const back = await send(h, 'PATCH', `/channels/${saved.channel.id}`, {
      target: 'https://later.example/again',
    });
    expect(((await back.json()) as SavedChannelResponse).warning).toMatch(/did not resolve/);
    // An edit that leaves the target alone is not checked again.
    const renamed = await send(h, 'PATCH', `/channels/${saved.channel.id}`, { name: 'Renamed' });
    expect(renamed.status).toBe(200);
    expect(((await renamed.json()) as SavedChannelResponse).warning).toBeUndefined();
    await h.bff.close();
  });

  it('says why a test failed, and a test that gets through clears the failing flag', async () => {
    const h = await server({ WEBHOOK_ALLOW_PRIVATE: '1', WEBHOOK_BACKOFF_MS: '20' });
    const created = await send(h, 'POST', '/channels', {
      kind: 'webhook',
      name: 'Flaky',
      target: `${receiver.url}/flaky`,
    });
    const { channel } = (await created.json()) as { channel: ChannelJson };
    const test = async () => {
      const response = await send(h, 'POST', `/channels/${channel.id}/test`);
      expect(response.status).toBe(200);
      return ((await response.json()) as { delivery: DeliveryJson }).delivery;
    };
    const failing = async () =>
      ((await (await fetch(`${h.bff.url}/api/channels`)).json()) as ChannelsResponse).channels[0]
        ?.failing;

    receiver.handler = answer(500);
    expect(await test()).toMatchObject({ outcome: 'failed', status: 500, detail: 'HTTP 500' });
    expect(await failing()).toBe(true);
    receiver.handler = answer(200);
    expect(await test()).toMatchObject({ outcome: 'delivered', status: 200 });
    expect(await failing()).toBe(false);
    await h.bff.close();
  });
});
