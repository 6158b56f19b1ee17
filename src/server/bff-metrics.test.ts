import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { endpointPaths } from '../shared/api/endpoints';
import { createApp } from './app';
import { loadConfig } from './config';
import { createLogger } from './log';

/** /metrics stays small whatever clients ask for. The BFF runs in demo mode, in-process. */
const apps: ReturnType<typeof createApp>[] = [];
function start() {
  const instance = createApp({
    config: loadConfig({
      SIMULATOR_NOW: '2026-07-15T18:20:00Z',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'skydeck-metrics-')),
      STATIC_DIR: join(tmpdir(), 'skydeck-no-build'),
      CLIENT_RATE_LIMIT: '0',
    }),
    logger: createLogger([], () => undefined),
    clock: () => Date.parse('2026-07-15T18:20:00Z'),
  });
  apps.push(instance);
  const get = (path: string) => instance.fetch(new Request(`http://127.0.0.1${path}`));
  const scrape = async () => (await get('/metrics')).text();
  return { get, scrape };
}
afterAll(() => Promise.all(apps.map((instance) => instance.close())));

/** Distinct label sets of one metric family in an exposition. */
const seriesOf = (text: string, name: string) =>
  new Set(
    text
      .split('\n')
      .filter((line) => line.startsWith(`${name}_count{`))
      .map((line) => line.slice(0, line.lastIndexOf(' '))),
  );

describe('/metrics', () => {
  it('stays bounded after thousands of distinct junk paths', async () => {
    const bff = start();
    await bff.get('/api/current?lat=35.78&lon=-78.64');
    await bff.get('/api/current?lat=35.78&lon=-78.64');
    for (let i = 0; i < 2_000; i++) {
      expect((await bff.get(`/api/no-such-${i}?x=${i}`)).status).toBe(404);
      await bff.get(`/wp-admin/${i}/setup-config.php`);
    }
    const text = await bff.scrape();
    const routes = [...seriesOf(text, 'skydeck_http_request_duration_seconds')];
    // /api/current (200), unmatched (404), static (one status): a raw-path label made 2,000 more.
    expect(routes).toHaveLength(3);
    expect(text).toContain(
      'skydeck_http_request_duration_seconds_count{route="unmatched",status="404"} 2000',
    );
    expect(text).toMatch(
      /skydeck_http_request_duration_seconds_count\{route="static",status="\d+"\} 2000/,
    );
    expect(text).toMatch(/route="\/api\/current",status="200"/);
    expect(text).not.toContain('no-such');
    expect(text).not.toContain('wp-admin');
    // Labelled by raw path, the same requests made 2,000 more series: 3 MB, 32,000 lines.
    expect(text.length).toBeLessThan(24 * 1024);
  });

  it('labels every route the router knows by its template, and /metrics itself', async () => {
    const bff = start();
    const known = [
      ...endpointPaths.map((endpoint) => `/api/${endpoint}`),
      '/api/health',
      '/api/ready',
      '/api/config',
      '/api/places',
      '/api/places/at',
      '/api/quota',
      '/api/quota/cost',
    ];
    for (const path of known) await bff.get(path);
    await bff.scrape();
    const routes = [...seriesOf(await bff.scrape(), 'skydeck_http_request_duration_seconds')].map(
      (series) => /route="([^"]+)"/.exec(series)?.[1],
    );
    expect(new Set(routes)).toEqual(new Set([...known, '/metrics']));
  });

  it('adds the process, GC and event-loop metrics, and keeps each app its own counters', async () => {
    const first = start();
    const second = start();
    await first.get('/api/current?lat=1&lon=1');
    await first.get('/api/current?lat=1&lon=1');
    const text = await first.scrape();
    for (const name of [
      'process_cpu_seconds_total',
      'process_resident_memory_bytes',
      'nodejs_eventloop_lag_seconds',
      'nodejs_gc_duration_seconds',
      'nodejs_heap_size_used_bytes',
    ])
      expect(text).toContain(`# TYPE ${name} `);
    expect(text).toContain('skydeck_cache_events_total{result="HIT"} 1');
    expect(await second.scrape()).not.toContain('skydeck_cache_events_total{result="HIT"}');
  });
});
