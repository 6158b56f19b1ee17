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
const primed = await bff.app.request(path);
const bytes = await primed.text();
const bare = new Hono().get('/api/current', (c) =>
  c.body(bytes, 200, { 'Content-Type': 'application/json' }),
);

const listen = (fetch: (request: Request) => Response | Promise<Response>) =>
  new Promise<number>((resolve) =>
    serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info) => resolve(info.port)),
  );
const [bffPort, barePort] = await Promise.all([listen(bff.fetch), listen(bare.fetch)]);
process.stderr.write(`${JSON.stringify({ bffPort, barePort, path, bytes: bytes.length })}\n`);
process.on('SIGTERM', () => process.exit(0));
