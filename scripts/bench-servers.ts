// The servers under test for scripts/bench-bff.ts, in their own process: the BFF in demo mode
// with a cached /api/current, and a bare Hono handler answering the same bytes.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createLogger } from '../src/server/log';
import { preloadGeography } from '../src/simulator/geo/surface';

const path = '/api/current?lat=35.78&lon=-78.64';
preloadGeography();
const bff = createApp({
  config: loadConfig({
    SIMULATOR_NOW: '2026-07-15T18:20:00Z',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'skydeck-bench-')),
    STATIC_DIR: join(tmpdir(), 'skydeck-no-build'),
    CLIENT_RATE_LIMIT: '0',
  }),
  // One JSON line per request, as in production; stdout goes to /dev/null here.
  logger: createLogger([]),
});
await bff.fetch(new Request(`http://127.0.0.1${path}`));
// The bytes a client gets for a cache hit: the body and every header but the per-request ones.
const primed = await bff.fetch(new Request(`http://127.0.0.1${path}`));
const bytes = await primed.text();
const sameHeaders = Object.fromEntries(
  [...primed.headers].filter(([name]) => !['x-request-id', 'date'].includes(name)),
);
const bare = new Hono().get('/api/current', (c) =>
  c.body(bytes, 200, { 'Content-Type': 'application/json' }),
);
const bareSameBytes = new Hono().get(
  '/api/current',
  () => new Response(bytes, { status: 200, headers: { ...sameHeaders, 'X-Request-Id': 'bench' } }),
);

const listen = (fetch: (request: Request) => Response | Promise<Response>) =>
  new Promise<number>((resolve) =>
    serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve(info.port)),
  );
const [bffPort, barePort, sameBytesPort] = await Promise.all([
  listen(bff.fetch),
  listen(bare.fetch),
  listen(bareSameBytes.fetch),
]);
process.stderr.write(
  `${JSON.stringify({ bffPort, barePort, sameBytesPort, path, bytes: bytes.length, headers: Object.keys(sameHeaders).length + 1 })}\n`,
);
process.on('SIGTERM', () => process.exit(0));
