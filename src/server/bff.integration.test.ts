import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currentResponseSchema } from '../shared/weather/current-schema';
import { createApp } from './app';
import { loadConfig } from './config';
import { createLogger } from './log';
import { closeAll, startSimulator } from './testing/loopback';

/** Everything here goes over real HTTP on 127.0.0.1: the BFF, the simulator and stub providers. */
type Closable = { close: (callback?: () => void) => unknown };
const servers: Closable[] = [];

function listen(fetch: (request: Request) => Response | Promise<Response>): Promise<string> {
  return new Promise((resolve) => {
    const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info) =>
      resolve(`http://127.0.0.1:${info.port}`),
    );
    servers.push(server);
  });
}

function listenRaw(handler: Parameters<typeof createServer>[1]): Promise<string> {
  return new Promise((resolve) => {
    const server: Server = createServer(handler);
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    );
    servers.push({
      close: (callback) => {
        server.closeAllConnections();
        server.close(callback);
      },
    });
  });
}

function startBff(env: Record<string, string>, logLines: string[] = []): Promise<string> {
  const config = loadConfig({
    STATIC_DIR: join(tmpdir(), 'skydeck-no-build'),
    DATA_DIR: mkdtempSync(join(tmpdir(), 'skydeck-data-')),
    ...env,
  });
  const logger = createLogger(config.apiKey ? [config.apiKey] : [], (line) => logLines.push(line));
  return listen(createApp({ config, logger }).fetch);
}

let simulatorUrl: string;
let bffUrl: string;

beforeAll(async () => {
  simulatorUrl = await startSimulator();
  bffUrl = await startBff({
    WEATHERBIT_API_KEY: 'demo-business',
    WEATHERBIT_BASE_URL: simulatorUrl,
  });
});

afterAll(async () => {
  await Promise.all([
    closeAll(),
    ...servers.map((server) => new Promise((resolve) => server.close(() => resolve(undefined)))),
  ]);
});

describe('the BFF in front of the standalone simulator', () => {
  it('reports live mode when a key is configured', async () => {
    const response = await fetch(`${bffUrl}/api/health`);
    expect(await response.json()).toEqual({ status: 'ok', mode: 'live' });
  });

  it('passes the provider answer through unchanged, adding the key server-side', async () => {
    const [viaBff, direct] = await Promise.all([
      fetch(`${bffUrl}/api/current?lat=35.78&lon=-78.64&units=I`),
      fetch(`${simulatorUrl}/current?lat=35.78&lon=-78.64&units=I&key=demo-business`),
    ]);
    expect(viaBff.status).toBe(200);
    const body = await viaBff.json();
    expect(body).toEqual(await direct.json());
    expect(currentResponseSchema.parse(body).data[0]?.city_name).toBe('Raleigh');
    // Under a kilobyte: not worth gzip's header and CPU.
    expect(viaBff.headers.get('content-encoding')).toBeNull();
  });

  it('serves alerts', async () => {
    const response = await fetch(`${bffUrl}/api/alerts?lat=35.78&lon=-78.64`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      city_name: 'Raleigh',
      timezone: 'America/New_York',
    });
  });

  it("passes a provider 400 on in Skydeck's words, with the provider's reason", async () => {
    const response = await fetch(`${bffUrl}/api/current?city=Nowhereville%20Upon%20Nothing`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: 'The weather provider could not answer this request: No Location Found. Try lat/lon.',
    });
  });

  it.each([
    ['current?lat=35&lon=-78&key=abc', 'Parameter "key" is not accepted'],
    ['current?lat=135&lon=-78', 'Invalid lat: must be a number from -90 to 90'],
    ['current?lat=35', 'Missing parameter "lon"'],
    ['current?lat=35&lon=-78&units=K', 'Invalid units: must be one of M, S, I'],
    ['alerts?lat=35&lon=-78&lang=de', 'Unknown parameter "lang"'],
    ['alerts', 'Missing location'],
  ])('refuses %s with a 400 naming the parameter', async (path, message) => {
    const response = await fetch(`${bffUrl}/api/${path}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: string };
    expect(body.error.startsWith(message)).toBe(true);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await fetch(`${bffUrl}/api/forecast/nothing`);
    expect(response.status).toBe(404);
    expect(await response.json()).toHaveProperty('error');
  });
});

describe('the BFF when the provider misbehaves', () => {
  it('keeps a 204 a 204 with no body', async () => {
    const provider = await listenRaw((_request, response) => response.writeHead(204).end());
    const bff = await startBff({ WEATHERBIT_API_KEY: 'k', WEATHERBIT_BASE_URL: provider });
    const response = await fetch(`${bff}/api/current?lat=1&lon=1`);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
  });

  it('answers 502 when the provider cannot be reached', async () => {
    const closed = await listenRaw(() => undefined);
    const port = new URL(closed).port;
    await new Promise((resolve) => servers.pop()?.close(() => resolve(undefined)));
    const bff = await startBff({
      WEATHERBIT_API_KEY: 'k',
      WEATHERBIT_BASE_URL: `http://127.0.0.1:${port}/v2.0`,
    });
    const response = await fetch(`${bff}/api/current?lat=1&lon=1`);
    expect(response.status).toBe(502);
    expect(await response.json()).toEqual({ error: 'The weather provider could not be reached' });
  });

  it('answers 504 when the provider does not answer in time', async () => {
    const silent = await listenRaw(() => undefined);
    const bff = await startBff({
      WEATHERBIT_API_KEY: 'k',
      WEATHERBIT_BASE_URL: silent,
      UPSTREAM_TIMEOUT_MS: '300',
    });
    const response = await fetch(`${bff}/api/current?lat=1&lon=1`);
    expect(response.status).toBe(504);
    expect(((await response.json()) as { error: string }).error).toMatch(
      /did not answer within 300 ms/,
    );
  });

  it('never lets the key reach a response, a header or a log line', async () => {
    const key = '0123456789abcdef0123456789abcdef';
    const received: string[] = [];
    const provider = await listenRaw((request, response) => {
      received.push(request.url ?? '');
      response.writeHead(403, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: 'API key not valid, or not yet activated.' }));
    });
    const logLines: string[] = [];
    const bff = await startBff(
      { WEATHERBIT_API_KEY: key, WEATHERBIT_BASE_URL: `${provider}/v2.0` },
      logLines,
    );
    const responses = await Promise.all([
      fetch(`${bff}/api/current?lat=1&lon=1`),
      fetch(`${bff}/api/alerts?lat=1&lon=1`),
      fetch(`${bff}/api/current?lat=1&lon=1&key=${key}`),
      fetch(`${bff}/api/health`),
    ]);
    expect(received.length).toBe(2);
    for (const url of received) expect(new URL(url, provider).searchParams.get('key')).toBe(key);
    for (const response of responses) {
      expect(await response.text()).not.toContain(key);
      for (const [, value] of response.headers) expect(value).not.toContain(key);
    }
    expect(logLines.length).toBeGreaterThan(3);
    for (const line of logLines) expect(line).not.toContain(key);
  });
});

describe('the BFF in demo mode', () => {
  it('answers from the embedded simulator and says it is a demo', async () => {
    const bff = await startBff({ SIMULATOR_NOW: '2026-07-15T18:20:00Z' });
    expect(await (await fetch(`${bff}/api/health`)).json()).toEqual({ status: 'ok', mode: 'demo' });
    expect(await (await fetch(`${bff}/api/config`)).json()).toEqual({
      mode: 'demo',
      mapStyleUrl: null,
      basemapPmtilesUrl: null,
      plan: 'business',
    });
    const body = currentResponseSchema.parse(
      await (await fetch(`${bff}/api/current?lat=35.68&lon=139.69`)).json(),
    );
    expect(body.data[0]?.city_name).toBe('Tokyo');
    expect(body.data[0]?.ob_time).toBe('2026-07-15 18:20');
  });
});

describe('serving the production build', () => {
  it('serves assets with long caching and answers deep links with index.html', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'skydeck-dist-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Skydeck</title>');
    writeFileSync(join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
    writeFileSync(join(dir, 'assets', 'app-abc123.js.br'), brotliCompressSync('console.log(1)'));
    const bff = await startBff({ STATIC_DIR: dir });
    const asset = await fetch(`${bff}/assets/app-abc123.js`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect(asset.headers.get('content-encoding')).toBe('br');
    expect(await asset.text()).toBe('console.log(1)');
    const deepLink = await fetch(`${bff}/some/view?lat=40.71&lon=-74.01&z=6`);
    expect(deepLink.status).toBe(200);
    expect(deepLink.headers.get('cache-control')).toBe('no-cache');
    expect(await deepLink.text()).toContain('<title>Skydeck</title>');
  });
});
