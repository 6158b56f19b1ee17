import { mkdtempSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Bff,
  closeAll,
  startBff as startLoopbackBff,
  startSimulator,
  startStubProvider,
} from './testing/loopback';

/**
 * The BFF against the standalone simulator over loopback HTTP, with fault injection: every
 * behaviour here is what a dashboard sees when the provider is slow, failing or rationed.
 */
let simulatorUrl: string;
const startBff = (env: Record<string, string> = {}, dataDir?: string) =>
  startLoopbackBff(simulatorUrl, env, dataDir);

const get = (bff: Bff, path: string, fault?: string) =>
  fetch(`${bff.url}/api/${path}`, fault ? { headers: { 'X-Simulator-Fault': fault } } : undefined);

beforeAll(async () => {
  simulatorUrl = await startSimulator();
});

afterAll(closeAll);

describe('cache', () => {
  it('answers MISS, then HIT from the same normalised request', async () => {
    const bff = await startBff();
    expect((await get(bff, 'current?lat=35.78&lon=-78.64')).headers.get('x-cache')).toBe('MISS');
    // Other parameter order, an explicit default and a coordinate past 4 decimals: the same request.
    const again = await get(bff, 'current?units=M&lon=-78.640001&lat=35.78');
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect(await bff.upstreamCalls('current')).toBe(1);
    await bff.close();
  });

  it('answers a repeated request before routing with exactly what the router would send', async () => {
    const bff = await startBff({ CLIENT_RATE_LIMIT: '3' });
    await get(bff, 'current?lat=35.78&lon=-78.64');
    // A new spelling of the same request: validated and answered by the router.
    const routed = await get(bff, 'current?lon=-78.64&lat=35.78');
    // The same spelling again: answered by the fast path from the validated target.
    const fast = await get(bff, 'current?lon=-78.64&lat=35.78');
    const perRequest = new Set(['x-request-id', 'date', 'age', 'x-cache-age']);
    const headersOf = (response: Response) =>
      Object.fromEntries([...response.headers].filter(([name]) => !perRequest.has(name)));
    expect(fast.headers.get('x-cache')).toBe('HIT');
    expect(headersOf(fast)).toEqual(headersOf(routed));
    expect(await fast.text()).toBe(await routed.text());
    expect(fast.headers.get('x-request-id')).not.toBe(routed.headers.get('x-request-id'));

    // Both paths draw on one rate budget: three requests so far, the fourth is refused.
    const limited = await get(bff, 'current?lon=-78.64&lat=35.78');
    expect(limited.status).toBe(429);

    const metrics = await (await fetch(`${bff.url}/metrics`)).text();
    expect(metrics).toContain('skydeck_cache_events_total{result="HIT"} 2');
    const logged = bff.logs
      .map((text) => JSON.parse(text) as Record<string, unknown>)
      .find((entry) => entry.id === fast.headers.get('x-request-id'));
    expect(logged).toMatchObject({
      event: 'request',
      path: '/api/current',
      query: '?lon=-78.64&lat=35.78',
      status: 200,
      cache: 'HIT',
    });
    await bff.close();
  });

  it('gzips a large cached answer once for clients that accept it', async () => {
    const bff = await startBff();
    const path = 'forecast/daily?lat=35.78&lon=-78.64';
    const identity = await (await get(bff, path)).text();
    expect(identity.length).toBeGreaterThan(1024);
    const raw = (acceptEncoding: string) =>
      new Promise<{ encoding: string | undefined; vary: string | undefined; body: Buffer }>(
        (resolve, reject) => {
          httpGet(
            `${bff.url}/api/${path}`,
            { headers: { 'accept-encoding': acceptEncoding } },
            (response) => {
              const chunks: Buffer[] = [];
              response.on('data', (chunk: Buffer) => chunks.push(chunk));
              response.on('end', () =>
                resolve({
                  encoding: response.headers['content-encoding'],
                  vary: response.headers.vary,
                  body: Buffer.concat(chunks),
                }),
              );
            },
          ).on('error', reject);
        },
      );
    for (let i = 0; i < 2; i++) {
      const zipped = await raw('gzip, deflate, br');
      expect(zipped.encoding).toBe('gzip');
      expect(zipped.vary).toBe('Accept-Encoding');
      expect(zipped.body.length).toBeLessThan(identity.length / 2);
      expect(gunzipSync(zipped.body).toString()).toBe(identity);
    }
    const plain = await raw('identity');
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString()).toBe(identity);
    await bff.close();
  });

  it('keeps each family for its time to live', async () => {
    const bff = await startBff();
    await get(bff, 'current/lightning?lat=35.78&lon=-78.64');
    await get(bff, 'current?lat=35.78&lon=-78.64');
    bff.advance(61);
    expect((await get(bff, 'current/lightning?lat=35.78&lon=-78.64')).headers.get('x-cache')).toBe(
      'MISS',
    );
    expect((await get(bff, 'current?lat=35.78&lon=-78.64')).headers.get('x-cache')).toBe('HIT');
    bff.advance(600);
    expect((await get(bff, 'current?lat=35.78&lon=-78.64')).headers.get('x-cache')).toBe('MISS');
    await bff.close();
  });

  it('gives a client asking for younger data (Cache-Control: max-age) no older answer, down to a floor', async () => {
    const bff = await startBff();
    const path = 'current/lightning?lat=35.78&lon=-78.64';
    const young = (maxAge: number) =>
      fetch(`${bff.url}/api/${path}`, { headers: { 'cache-control': `max-age=${maxAge}` } });
    await get(bff, path);
    bff.advance(40);
    // Fresh for a minute, so a plain request takes the 40 s old answer, on both paths.
    expect((await get(bff, path)).headers.get('x-cache')).toBe('HIT');
    expect((await young(45)).headers.get('x-cache')).toBe('HIT');
    expect((await young(30)).headers.get('x-cache')).toBe('MISS');
    expect(await bff.upstreamCalls('current/lightning')).toBe(2);
    // Nobody can switch the cache off: max-age=0 is read as the 10 s floor.
    bff.advance(5);
    expect((await young(0)).headers.get('x-cache')).toBe('HIT');
    bff.advance(6);
    expect((await young(0)).headers.get('x-cache')).toBe('MISS');
    expect(await bff.upstreamCalls('current/lightning')).toBe(3);
    await bff.close();
  });

  it('lets 100 identical concurrent requests share one provider call', async () => {
    const bff = await startBff();
    const responses = await Promise.all(
      Array.from({ length: 100 }, () => get(bff, 'forecast/daily?lat=40.71&lon=-74.01')),
    );
    const results = responses.map((response) => response.headers.get('x-cache'));
    // One asks the provider; the rest share its call, or (on a busy machine, arriving after it
    // finished) its cached answer. Either way: one provider call.
    const count = (wanted: string) => results.filter((result) => result === wanted).length;
    expect(count('MISS')).toBe(1);
    expect(count('COALESCED')).toBeGreaterThan(0);
    expect(count('COALESCED') + count('HIT')).toBe(99);
    const bodies = new Set(await Promise.all(responses.map((response) => response.text())));
    expect(bodies.size).toBe(1);
    expect(await bff.upstreamCalls('forecast/daily')).toBe(1);
    await bff.close();
  });
});

describe('provider faults', () => {
  it('retries a 5xx, and serves the last good answer as STALE with its age when it keeps failing', async () => {
    const bff = await startBff();
    const fresh = await get(bff, 'current?lat=51.5&lon=-0.12');
    const good = await fresh.text();
    bff.advance(700);
    const stale = await get(bff, 'current?lat=51.5&lon=-0.12', '500');
    expect(stale.status).toBe(200);
    expect(stale.headers.get('x-cache')).toBe('STALE');
    expect(Number(stale.headers.get('x-cache-age'))).toBe(700);
    expect(await stale.text()).toBe(good);
    // One request, three attempts: the first and two retries.
    expect(await bff.upstreamCalls('current', '500')).toBe(3);
    await bff.close();
  });

  it('answers 502 when it has nothing to fall back on, and never retries a 4xx', async () => {
    const bff = await startBff();
    const failed = await get(bff, 'current?lat=48.85&lon=2.35', '503');
    expect(failed.status).toBe(502);
    expect(((await failed.json()) as { error: string }).error).toMatch(/weather provider failed/);
    const refused = await get(bff, 'current?city=Nowhereville%20Upon%20Nothing');
    expect(refused.status).toBe(400);
    expect(await bff.upstreamCalls('current', '400')).toBe(1);
    await bff.close();
  });

  it('does not serve an answer staler than STALE_MAX_SECONDS', async () => {
    const bff = await startBff({ STALE_MAX_SECONDS: '60' });
    await get(bff, 'alerts?lat=51.5&lon=-0.12');
    bff.advance(180 + 61);
    expect((await get(bff, 'alerts?lat=51.5&lon=-0.12', '500')).status).toBe(502);
    await bff.close();
  });

  it('answers 504 when the provider does not answer in time', async () => {
    const bff = await startBff({ UPSTREAM_TIMEOUT_MS: '300', UPSTREAM_RETRIES: '0' });
    const response = await get(bff, 'current?lat=1&lon=1', 'timeout');
    expect(response.status).toBe(504);
    await bff.close();
  });

  it('answers 502 when the connection is reset', async () => {
    const bff = await startBff({ UPSTREAM_RETRIES: '1' });
    const response = await get(bff, 'current?lat=2&lon=2', 'reset');
    expect(response.status).toBe(502);
    expect(await bff.upstreamCalls('current', 'error')).toBe(2);
    await bff.close();
  });

  it('opens the circuit after repeated failures, fails fast, and closes it after the cool-down', async () => {
    const bff = await startBff({
      BREAKER_THRESHOLD: '2',
      BREAKER_COOLDOWN_MS: '5000',
      UPSTREAM_RETRIES: '0',
    });
    await get(bff, 'current?lat=3&lon=3', '500');
    await get(bff, 'current?lat=4&lon=4', '500');
    const before = await bff.upstreamCalls('current');
    const fast = await get(bff, 'current?lat=5&lon=5');
    expect(fast.status).toBe(503);
    expect(fast.headers.get('retry-after')).toBe('5');
    expect(await bff.upstreamCalls('current')).toBe(before);
    bff.advance(6);
    expect((await get(bff, 'current?lat=5&lon=5')).status).toBe(200);
    expect((await get(bff, 'current?lat=6&lon=6')).status).toBe(200);
    await bff.close();
  });

  it('honours a 429 until its reset time instead of asking again', async () => {
    const bff = await startBff();
    await get(bff, 'current?lat=7&lon=7');
    const limited = await get(bff, 'current?lat=8&lon=8', '429');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    const calls = await bff.upstreamCalls('current');
    // Held: no provider call until the reset, while a cached place still answers.
    expect((await get(bff, 'current?lat=9&lon=9')).status).toBe(429);
    expect(await bff.upstreamCalls('current')).toBe(calls);
    expect((await get(bff, 'current?lat=7&lon=7')).headers.get('x-cache')).toBe('HIT');
    // The fault's reset is a minute away: after it, the provider is asked again.
    bff.advance(61);
    expect((await get(bff, 'current?lat=9&lon=9')).status).toBe(200);
    expect(await bff.upstreamCalls('current')).toBe(calls + 1);
    await bff.close();
  });

  it('paces itself below the velocity limit, so a burst of panels never trips it', async () => {
    // Standard allows 25 requests a second. Eighty different requests at once, unpaced, trip it
    // even on a loaded machine that spreads them over three seconds.
    const unpaced = await startBff({
      WEATHERBIT_API_KEY: 'demo-standard',
      UPSTREAM_RATE_PER_SECOND: '10000',
      UPSTREAM_RETRIES: '0',
    });
    await Promise.all(
      Array.from({ length: 80 }, (_, i) => get(unpaced, `current?lat=${10 + i}&lon=10`)),
    );
    expect(await unpaced.upstreamCalls('current', '429')).toBeGreaterThan(0);
    await unpaced.close();
    // At the default pace (80% of 25 a second) the same burst spreads out and every call lands.
    const paced = await startBff({ WEATHERBIT_API_KEY: 'demo-standard', UPSTREAM_RETRIES: '0' });
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => get(paced, `current?lat=${-30 - i}&lon=20`)),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(30).fill(200));
    expect(await paced.upstreamCalls('current', '429')).toBe(0);
    await paced.close();
  });

  it('refuses to pass on an answer that breaks the contract, and logs it', async () => {
    const provider = await startStubProvider((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ count: 'one', data: [{ temp: 'warm' }] }));
    });
    const bff = await startBff({ WEATHERBIT_BASE_URL: provider.url });
    const response = await get(bff, 'current?lat=1&lon=1');
    expect(response.status).toBe(502);
    expect(bff.logs.some((line) => line.includes('"event":"contract-violation"'))).toBe(true);
    await bff.close();
  });
});

describe('quota', () => {
  it('asks before spending history quota: 428 with the cost, then the answer with confirm_units', async () => {
    const bff = await startBff();
    const month = 'history/hourly?lat=35.78&lon=-78.64&start_date=2026-06-01&end_date=2026-07-01';
    const refused = await get(bff, month);
    expect(refused.status).toBe(428);
    expect(await refused.json()).toMatchObject({ cost_units: 3 });
    expect((await get(bff, `${month}&confirm_units=2`)).status).toBe(428);
    expect(await bff.upstreamCalls('history/hourly')).toBe(0);
    const paid = await get(bff, `${month}&confirm_units=3`);
    expect(paid.status).toBe(200);
    // Once cached, it costs nothing and needs no confirmation.
    expect((await get(bff, month)).headers.get('x-cache')).toBe('HIT');
    // Under the threshold (10 days = 1 unit), no confirmation.
    expect(
      (
        await get(
          bff,
          'history/hourly?lat=35.78&lon=-78.64&start_date=2026-06-01&end_date=2026-06-11',
        )
      ).status,
    ).toBe(200);
    await bff.close();
  });

  it('states costs by the interface rules', async () => {
    const bff = await startBff();
    const cost = async (query: string) => (await get(bff, `quota/cost?${query}`)).json();
    expect(
      await cost('endpoint=history/hourly&lat=1&lon=1&start_date=2026-06-01&end_date=2026-07-01'),
    ).toMatchObject({
      units: 3,
      days: 30,
      max_days: 31,
      allowed: true,
      reason: '30 days at 10 days a unit = 3 units',
    });
    expect(
      await cost('endpoint=history/daily&lat=1&lon=1&start_date=2025-07-01&end_date=2026-06-30'),
    ).toMatchObject({ units: 25, days: 364 });
    expect(await cost('endpoint=history/lightning&lat=1&lon=1&date=2026-07-01')).toMatchObject({
      units: 10,
    });
    expect(
      await cost('endpoint=history/hourly&lat=1&lon=1&start_date=2026-05-01&end_date=2026-07-01'),
    ).toMatchObject({ allowed: false, days: 61 });
    expect((await get(bff, 'quota/cost?endpoint=forecast/daily')).status).toBe(400);
    await bff.close();
  });

  it('keeps the ledger across a restart', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'skydeck-ledger-'));
    const first = await startBff({}, dataDir);
    await get(first, 'current?lat=10&lon=10&include=minutely,alerts&confirm_units=3');
    await get(
      first,
      'history/hourly?lat=10&lon=10&start_date=2026-06-01&end_date=2026-06-21&confirm_units=2',
    );
    const before = await (await get(first, 'quota')).json();
    expect(before).toMatchObject({
      spent: 5,
      by_family: { current: 3, history: 2 },
      limit: 2_000_000,
      limit_source: 'provider',
    });
    await first.close();
    const second = await startBff({ QUOTA_DAILY_LIMIT: '5000' }, dataDir);
    expect(await (await get(second, 'quota')).json()).toMatchObject({
      spent: 5,
      by_family: { current: 3, history: 2 },
      limit: 5000,
      limit_source: 'QUOTA_DAILY_LIMIT',
      reset_at: '2026-07-16T00:00:00.000Z',
    });
    await second.close();
  });
});

describe('protection and observability', () => {
  it('limits each client and says when to come back', async () => {
    const bff = await startBff({ CLIENT_RATE_LIMIT: '5' });
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await get(bff, 'config')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await get(bff, 'config');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ status_code: 429 });
    await bff.close();
  });

  it('never limits the health and readiness probes, the SPA or /metrics', async () => {
    const bff = await startBff({ CLIENT_RATE_LIMIT: '1' });
    expect((await get(bff, 'config')).status).toBe(200);
    expect((await get(bff, 'config')).status).toBe(429);
    for (let i = 0; i < 3; i++) {
      expect((await get(bff, 'health')).status).toBe(200);
      expect((await get(bff, 'ready')).status).not.toBe(429);
      expect((await fetch(`${bff.url}/`)).status).not.toBe(429);
      expect((await fetch(`${bff.url}/metrics`)).status).toBe(200);
    }
    await bff.close();
  });

  /** A request as a reverse proxy on this host passes it on: X-Forwarded-For as given. */
  const proxied = (bff: Bff, path: string, forwardedFor: string) =>
    fetch(`${bff.url}/api/${path}`, { headers: { 'X-Forwarded-For': forwardedFor } });

  it('behind a trusted proxy, gives each client its own budget on the fast path and the router', async () => {
    const bff = await startBff({ CLIENT_RATE_LIMIT: '2', TRUST_PROXY: '127.0.0.1' });
    const path = 'current?lat=35.78&lon=-78.64';
    // The router answers the first, the fast path the second; the third is refused.
    expect((await proxied(bff, path, '203.0.113.1')).headers.get('x-cache')).toBe('MISS');
    expect((await proxied(bff, path, '203.0.113.1')).headers.get('x-cache')).toBe('HIT');
    expect((await proxied(bff, path, '203.0.113.1')).status).toBe(429);
    // Another user behind the same proxy still has a whole budget.
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await proxied(bff, path, '203.0.113.2')).status);
    expect(statuses).toEqual([200, 200, 429]);
    // The first user writes a fresh address of its own in front; the proxy appends the real one.
    expect((await proxied(bff, path, '192.0.2.99, 203.0.113.1')).status).toBe(429);
    await bff.close();
  });

  it('ignores X-Forwarded-For from a peer it does not trust: spoofing buys no budget', async () => {
    const bff = await startBff({ CLIENT_RATE_LIMIT: '2' });
    const statuses = [];
    for (const client of ['203.0.113.1', '203.0.113.2', '203.0.113.3'])
      statuses.push((await proxied(bff, 'config', client)).status);
    expect(statuses).toEqual([200, 200, 429]);
    await bff.close();
  });

  it('reads only, sends security headers, and no CORS unless configured', async () => {
    const bff = await startBff();
    const post = await fetch(`${bff.url}/api/current?lat=1&lon=1`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD');
    const head = await fetch(`${bff.url}/api/health`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    const response = await fetch(`${bff.url}/api/health`, {
      headers: { origin: 'https://elsewhere.example' },
    });
    expect(response.headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    await bff.close();
    const embedded = await startBff({
      FRAME_ANCESTORS: 'https://wall.example',
      CORS_ORIGINS: 'https://ops.example',
    });
    const cors = await fetch(`${embedded.url}/api/health`, {
      headers: { origin: 'https://ops.example' },
    });
    expect(cors.headers.get('access-control-allow-origin')).toBe('https://ops.example');
    const page = await fetch(`${embedded.url}/`);
    expect(page.headers.get('content-security-policy')).toContain(
      'frame-ancestors https://wall.example',
    );
    await embedded.close();
  });

  it('exposes Prometheus metrics and logs one JSON line per request with its id', async () => {
    const bff = await startBff();
    const response = await get(bff, 'current?lat=20&lon=20');
    await get(bff, 'current?lat=20&lon=20');
    const metrics = await (await fetch(`${bff.url}/metrics`)).text();
    expect(metrics).toContain('skydeck_upstream_requests_total{endpoint="current",status="200"} 1');
    expect(metrics).toContain('skydeck_cache_events_total{result="HIT"} 1');
    expect(metrics).toContain('skydeck_quota_units_total{family="current"} 1');
    expect(metrics).toMatch(
      /skydeck_http_request_duration_seconds_bucket\{le="0.005",route="\/api\/current",status="200"\} \d+/,
    );
    const id = response.headers.get('x-request-id');
    const line = bff.logs
      .map((text) => JSON.parse(text) as Record<string, unknown>)
      .find((entry) => entry.id === id);
    expect(line).toMatchObject({
      event: 'request',
      method: 'GET',
      path: '/api/current',
      status: 200,
      cache: 'MISS',
    });
    await bff.close();
  });
});
