import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { CachedAnswer } from '../cache/response-cache';
import { createLogger } from '../log';
import { createMetrics } from '../metrics';
import type { AppEnv } from './app-env';
import { dataSecurityHeaders } from './protection';
import { createResponseWriter } from './response-writer';

/** A writer behind a small router, as app.ts mounts it, with its log lines and metrics at hand. */
function setup() {
  const lines: Record<string, unknown>[] = [];
  const metrics = createMetrics();
  const writer = createResponseWriter({
    metrics,
    logger: createLogger([], (line) => lines.push(JSON.parse(line) as Record<string, unknown>)),
    routeOf: (path) => path,
    serverTime: () => 1_700_000_000_000,
    documentHeaders: { 'Content-Security-Policy': "default-src 'self'" },
  });
  const answer: CachedAnswer = { status: 200, body: '{"data":[]}', storedAt: 0, freshUntil: 60 };
  const app = new Hono<AppEnv>();
  app.use('*', writer.middleware());
  app.get('/api/stored', (c) => writer.send(c, answer, 'STALE', 42.7));
  app.get('/api/refused', (c) => {
    writer.miss(c, { 'Retry-After': '30' });
    return c.json({ error: 'no' }, 503);
  });
  app.get('/', (c) => c.html('<p>dashboard</p>'));
  const cacheCount = async (result: string) =>
    Number(
      new RegExp(`skydeck_cache_events_total\\{result="${result}"\\} (\\d+)`).exec(
        await metrics.render(),
      )?.[1] ?? 0,
    );
  return { writer, app, answer, lines, cacheCount };
}

describe('the response writer', () => {
  it('opens an API answer with the data security headers, its id and the server time', async () => {
    const { app } = setup();
    const response = await app.request('/api/stored');
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'content-security-policy': dataSecurityHeaders['Content-Security-Policy'],
      'x-server-time': '1700000000000',
      'x-request-id': expect.stringMatching(/^\w+-\w+$/),
    });
    const page = await app.request('/');
    expect(page.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(page.headers.get('x-server-time')).toBeNull();
  });

  it('says where a stored answer came from, and counts and logs the same', async () => {
    const { app, lines, cacheCount } = setup();
    const response = await app.request('/api/stored');
    expect(await response.text()).toBe('{"data":[]}');
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'x-cache': 'STALE',
      age: '42',
      'x-cache-age': '42',
      'cache-control': 'no-cache',
      'content-type': 'application/json',
    });
    expect(await cacheCount('STALE')).toBe(1);
    expect(lines.at(-1)).toMatchObject({ event: 'request', path: '/api/stored', cache: 'STALE' });
  });

  it('says MISS on an answer with nothing stored, with its extra headers, and counts it', async () => {
    const { app, lines, cacheCount } = setup();
    const response = await app.request('/api/refused');
    expect(response.status).toBe(503);
    expect(response.headers.get('x-cache')).toBe('MISS');
    expect(response.headers.get('retry-after')).toBe('30');
    expect(await cacheCount('MISS')).toBe(1);
    expect(lines.at(-1)).toMatchObject({ status: 503, cache: 'MISS' });
  });

  it('writes the fast path hit as the router writes a hit, but for its own id', async () => {
    const { writer, answer, lines, cacheCount } = setup();
    const app = new Hono<AppEnv>();
    app.use('*', writer.middleware());
    app.get('/api/current', (c) => writer.send(c, answer, 'HIT', 5));
    const routed = await app.request('/api/current?lat=1&lon=2');
    const fast = writer.hit(
      new Request('http://bff/api/current?lat=1&lon=2'),
      '/api/current?lat=1&lon=2',
      answer,
      5,
      performance.now(),
    );
    const withoutId = (response: Response) =>
      Object.fromEntries([...response.headers].filter(([name]) => name !== 'x-request-id'));
    expect(withoutId(fast)).toEqual(withoutId(routed));
    expect(await fast.text()).toBe(await routed.text());
    expect(fast.headers.get('x-request-id')).not.toBe(routed.headers.get('x-request-id'));
    expect(await cacheCount('HIT')).toBe(2);
    expect(lines.map((line) => [line.path, line.query, line.cache])).toEqual([
      ['/api/current', '?lat=1&lon=2', 'HIT'],
      ['/api/current', '?lat=1&lon=2', 'HIT'],
    ]);
  });
});
