import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { loadConfig } from '../config';
import { createLogger } from '../log';
import { admin, writeHeaders } from '../testing/operator';

/**
 * What the BFF does before any route, over real HTTP on loopback (the socket's peer is
 * 127.0.0.1, which TRUST_PROXY may or may not name): the Host it answers for (ALLOWED_HOSTS),
 * whom it believes about https (X-Forwarded-Proto), and HSTS behind TLS.
 */
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers.splice(0)) await close();
});

async function start(env: Record<string, string>) {
  const instance = createApp({
    config: loadConfig({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'skydeck-front-door-')),
      STATIC_DIR: join(tmpdir(), 'skydeck-no-build'),
      WEATHERBIT_API_KEY: '',
      SKYDECK_ADMIN_PASSWORD: admin.password,
      ...env,
    }),
    logger: createLogger([], () => undefined),
  });
  const server = serve({ fetch: instance.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((ready) => server.once('listening', () => ready()));
  const { port } = server.address() as AddressInfo;
  closers.push(async () => {
    await new Promise<void>((done) => server.close(() => done()));
    await instance.close();
  });
  await instance.watch.ready;
  return { port };
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** node:http rather than fetch: fetch will not send a Host of the caller's choosing. */
function send(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      { host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers },
      (incoming) => {
        let body = '';
        incoming.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
        incoming.on('end', () =>
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body }),
        );
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}

describe('ALLOWED_HOSTS', () => {
  it('answers 421 before any route for a Host not allowed (PUBLIC_URL’s by default), probes aside', async () => {
    const { port } = await start({ PUBLIC_URL: 'https://skydeck.example.org' });
    const asHost = (host: string, path = '/api/session') =>
      send(port, path, { headers: { Host: host } });
    const rebound = await asHost('attacker.example:8080');
    expect(rebound.status).toBe(421);
    expect(JSON.parse(rebound.body)).toEqual({
      error: 'This server does not answer for the host this request names (ALLOWED_HOSTS)',
    });
    // A write is refused as early: nothing is created.
    const setup = await send(port, '/api/setup', {
      method: 'POST',
      headers: { ...writeHeaders, Host: 'attacker.example' },
      body: JSON.stringify({ username: 'mallory', password: admin.password }),
    });
    expect(setup.status).toBe(421);
    // Cached weather too, which the cache's fast path answers ahead of the router.
    const weather = '/api/current?lat=27.95&lon=-82.46';
    expect((await asHost('skydeck.example.org', weather)).status).toBe(200);
    expect((await asHost('skydeck.example.org', weather)).headers['x-cache']).toBe('HIT');
    expect((await asHost('attacker.example', weather)).status).toBe(421);
    expect((await asHost('skydeck.example.org')).status).toBe(200);
    expect((await asHost('SKYDECK.example.org:443')).status).toBe(200);
    expect((await asHost('localhost:8080')).status).toBe(200);
    expect((await asHost('127.0.0.1')).status).toBe(200);
    // A load balancer's probe names the replica's own address.
    expect((await asHost('skydeck-1:8080', '/api/health')).status).toBe(200);
  });

  it('takes a list of its own, and answers any Host without PUBLIC_URL or list', async () => {
    const listed = await start({ ALLOWED_HOSTS: 'ops.example.net, Skydeck.internal' });
    const as = (port: number, host: string) =>
      send(port, '/api/session', { headers: { Host: host } });
    expect((await as(listed.port, 'skydeck.internal')).status).toBe(200);
    expect((await as(listed.port, 'ops.example.net:9000')).status).toBe(200);
    expect((await as(listed.port, 'other.example')).status).toBe(421);
    const open = await start({});
    expect((await as(open.port, 'anything.example')).status).toBe(200);
    expect(() => loadConfig({ ALLOWED_HOSTS: 'ok.example,http://bad/' })).toThrow(
      'Invalid ALLOWED_HOSTS: http://bad/ is not a host name',
    );
  });
});

describe('X-Forwarded-Proto', () => {
  /** The forgery guard's verdict on an https Origin the server saw over http. */
  const httpsOrigin = (port: number) =>
    send(port, '/api/session', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Host: `127.0.0.1:${port}`,
        Origin: `https://127.0.0.1:${port}`,
        'X-Forwarded-Proto': 'https',
      },
      body: JSON.stringify(admin),
    });

  it('is believed from a peer TRUST_PROXY names: the https page may sign in, the cookie is __Host-', async () => {
    const { port } = await start({ TRUST_PROXY: '127.0.0.1' });
    const answer = await httpsOrigin(port);
    expect(answer.status).toBe(204);
    expect(String(answer.headers['set-cookie'])).toMatch(/^__Host-skydeck_session=.*; Secure; /);
  });

  it('is not believed from any other peer, even when TRUST_PROXY is set', async () => {
    const { port } = await start({ TRUST_PROXY: '192.0.2.10' });
    const answer = await httpsOrigin(port);
    expect(answer.status).toBe(403);
    expect(answer.headers['set-cookie']).toBeUndefined();
  });
});

describe('Strict-Transport-Security', () => {
  it('is on every answer once PUBLIC_URL is https, cached weather included; never over plain http', async () => {
    const tls = await start({ PUBLIC_URL: 'https://skydeck.example.org' });
    const weather = '/api/current?lat=27.95&lon=-82.46';
    const host = { Host: 'skydeck.example.org' };
    const answers = [];
    for (const path of ['/api/session', '/', weather, weather]) {
      const answer = await send(tls.port, path, { headers: host });
      answers.push(answer);
      expect([path, answer.headers['strict-transport-security']]).toEqual([
        path,
        'max-age=31536000',
      ]);
    }
    // The last came from the cache's fast path, ahead of the router.
    expect([answers[3]?.status, answers[3]?.headers['x-cache']]).toEqual([200, 'HIT']);
    const plain = await start({ PUBLIC_URL: 'http://skydeck.example.org' });
    const answer = await send(plain.port, '/api/session', { headers: host });
    expect(answer.headers['strict-transport-security']).toBeUndefined();
  });
});
