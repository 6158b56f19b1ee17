import { afterAll, describe, expect, it, vi } from 'vitest';
import { closeAll } from '../testing/loopback';
import { answer, startWebhookReceiver } from '../testing/receivers';
import {
  type AddressVerdict,
  checkHost,
  classifyAddress,
  type Resolver,
  resolveDeadlineMs,
} from './address-guard';
import { postWebhook } from './webhook-sender';

afterAll(closeAll);

/** Names that exist only here: a resolver the test controls, as DNS would answer. */
const names: Record<string, string[]> = {
  'receiver.test': ['127.0.0.1'],
  'internal.test': ['10.0.0.5'],
  'mixed.test': ['93.184.216.34', '169.254.169.254'],
  'public.test': ['93.184.216.34'],
};
const resolve: Resolver = async (hostname) => {
  const addresses = names[hostname];
  if (!addresses) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

const post = (target: string, allowPrivate = true, timeoutMs = 2000) =>
  postWebhook(
    target,
    '{"hello":1}',
    { 'Content-Type': 'application/json' },
    {
      allowPrivate,
      timeoutMs,
      resolve,
    },
  );

describe('checkHost', () => {
  it('judges every address a name resolves to, and refuses if any is not allowed', async () => {
    expect(await checkHost('public.test', { allowPrivate: false, resolve })).toMatchObject({
      ok: true,
      address: { address: '93.184.216.34', family: 4 },
    });
    expect(await checkHost('internal.test', { allowPrivate: false, resolve })).toMatchObject({
      ok: false,
      retryable: false,
    });
    expect(await checkHost('internal.test', { allowPrivate: true, resolve })).toMatchObject({
      ok: true,
    });
    expect(await checkHost('mixed.test', { allowPrivate: true, resolve })).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/never allowed/),
    });
    expect(await checkHost('[::1]', { allowPrivate: false, resolve })).toMatchObject({ ok: false });
    expect(await checkHost('nowhere.test', { allowPrivate: true, resolve })).toMatchObject({
      ok: false,
      retryable: true,
      reason: 'the host name did not resolve (ENOTFOUND)',
    });
  });

  it('gives up on a resolver that never answers, as a name that did not resolve', async () => {
    vi.useFakeTimers();
    try {
      const verdict = checkHost('hangs.test', {
        allowPrivate: false,
        resolve: () => new Promise(() => {}),
      });
      await vi.advanceTimersByTimeAsync(resolveDeadlineMs);
      expect(await verdict).toEqual({
        ok: false,
        retryable: true,
        reason: 'the host name did not resolve (ETIMEOUT)',
      });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('classifyAddress', () => {
  it('judges an IPv4 address by itself however IPv6 carries it', () => {
    const cases: [string, AddressVerdict][] = [
      ['::ffff:169.254.169.254', 'forbidden'],
      ['::169.254.169.254', 'forbidden'],
      ['::a9fe:a9fe', 'forbidden'],
      ['::10.0.0.1', 'private'],
      ['::ffff:0:169.254.169.254', 'forbidden'],
      ['::ffff:0:a00:1', 'private'],
      ['64:ff9b::169.254.169.254', 'forbidden'],
      ['64:ff9b::a00:1', 'private'],
      ['64:ff9b::808:808', 'public'],
      ['64:ff9b:1::a9fe:a9fe', 'forbidden'],
      ['64:ff9b:1:a9fe:a9:fe00::', 'forbidden'],
      ['64:ff9b:1::808:808', 'private'],
      ['2002:a9fe:a9fe::1', 'forbidden'],
      ['fec0::1', 'private'],
      ['::1', 'private'],
      ['::', 'forbidden'],
      ['2606:4700::1111', 'public'],
    ];
    for (const [address, verdict] of cases) expect(classifyAddress(address), address).toBe(verdict);
  });
});

describe('postWebhook', () => {
  it('connects to the address it checked, not to a second resolution of the name', async () => {
    const receiver = await startWebhookReceiver();
    // receiver.test exists only in the test's resolver: reaching the receiver proves the socket
    // went to the checked address while the request still names the host.
    const result = await post(`http://receiver.test:${receiver.port}/hook?x=1`);
    expect(result).toMatchObject({ outcome: 'delivered', status: 200 });
    expect(receiver.received[0]).toMatchObject({ path: '/hook?x=1', body: '{"hello":1}' });
    expect(receiver.received[0]?.headers.host).toBe(`receiver.test:${receiver.port}`);
    expect(await post(`http://internal.test:${receiver.port}/`, false)).toMatchObject({
      outcome: 'refused',
    });
  });

  it('follows a redirect within the same scheme, host and port, never elsewhere', async () => {
    const receiver = await startWebhookReceiver();
    receiver.handler = (request, response) => {
      if (request.path === '/old') response.writeHead(308, { Location: '/new' }).end();
      else if (request.path === '/away')
        response.writeHead(302, { Location: `http://127.0.0.1:${receiver.port}/new` }).end();
      else if (request.path === '/loop') response.writeHead(307, { Location: '/loop' }).end();
      else if (request.path === '/see') response.writeHead(303, { Location: '/new' }).end();
      else response.writeHead(201).end();
    };
    expect(await post(`http://receiver.test:${receiver.port}/old`)).toMatchObject({
      outcome: 'delivered',
      status: 201,
    });
    expect(receiver.received.map((request) => [request.path, request.body])).toEqual([
      ['/old', '{"hello":1}'],
      ['/new', '{"hello":1}'],
    ]);
    expect(await post(`http://receiver.test:${receiver.port}/away`)).toMatchObject({
      outcome: 'refused',
      status: 302,
      detail: 'refused: redirected to another host, which is never followed',
    });
    // Same host, another port: another service, which the channel did not name.
    const other = await startWebhookReceiver();
    receiver.handler = (request, response) =>
      response
        .writeHead(307, { Location: `http://receiver.test:${other.port}${request.path}` })
        .end();
    expect(await post(`http://receiver.test:${receiver.port}/port`)).toMatchObject({
      outcome: 'refused',
      status: 307,
      detail: 'refused: redirected to another port, which is never followed',
    });
    expect(other.received).toHaveLength(0);
    receiver.handler = (request, response) =>
      response.writeHead(308, { Location: `https://receiver.test:${receiver.port}/` }).end();
    expect(await post(`http://receiver.test:${receiver.port}/scheme`)).toMatchObject({
      outcome: 'refused',
      detail: 'refused: redirected from http to https, which is never followed',
    });
    receiver.handler = (request, response) => {
      if (request.path === '/loop') response.writeHead(307, { Location: '/loop' }).end();
      else if (request.path === '/see') response.writeHead(303, { Location: '/new' }).end();
      else response.writeHead(201).end();
    };
    expect(await post(`http://receiver.test:${receiver.port}/loop`)).toMatchObject({
      outcome: 'refused',
      detail: 'refused: more than 3 redirects',
    });
    expect(await post(`http://receiver.test:${receiver.port}/see`)).toMatchObject({
      outcome: 'failed',
      retryable: false,
      status: 303,
    });
  });

  it('tells retryable failures (5xx, 429, timeouts, refused connections) from final ones', async () => {
    const receiver = await startWebhookReceiver();
    receiver.handler = answer(429, { 'Retry-After': '7' });
    expect(await post(receiver.url)).toMatchObject({
      outcome: 'failed',
      retryable: true,
      status: 429,
      retryAfterMs: 7000,
    });
    receiver.handler = answer(502);
    expect(await post(receiver.url)).toMatchObject({ retryable: true, status: 502 });
    receiver.handler = answer(404);
    expect(await post(receiver.url)).toMatchObject({ retryable: false, status: 404 });
    receiver.handler = () => undefined;
    expect(await post(receiver.url, true, 200)).toMatchObject({
      outcome: 'failed',
      retryable: true,
      status: null,
      detail: 'no answer within 200 ms (timed out)',
    });
    // Port 9 (discard) is closed on a test machine: the connection is refused.
    expect(await post('http://127.0.0.1:9/')).toMatchObject({
      outcome: 'failed',
      retryable: true,
      detail: 'connection failed (ECONNREFUSED)',
    });
  });
});
