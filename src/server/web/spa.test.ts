import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { loadConfig } from '../config';
import { createLogger } from '../log';

/**
 * The built SPA as the BFF serves it: HTML is revalidated on every load however it is reached
 * (so a deployment is picked up), hashed assets are cached for good, and source maps stay
 * private unless SERVE_SOURCEMAPS=1.
 */
const staticDir = mkdtempSync(join(tmpdir(), 'skydeck-static-'));
mkdirSync(join(staticDir, 'assets'));
writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>Skydeck</title>');
writeFileSync(join(staticDir, 'public-status.html'), '<!doctype html><title>Site status</title>');
writeFileSync(
  join(staticDir, 'assets', 'index-abc123.js'),
  'console.log(1);\n//# sourceMappingURL=index-abc123.js.map\n',
);
writeFileSync(
  join(staticDir, 'assets', 'index-abc123.js.map'),
  '{"version":3,"sources":[],"mappings":""}',
);

writeFileSync(join(staticDir, 'sw.js'), "self.addEventListener('push', () => {});\n");
writeFileSync(join(staticDir, 'manifest.webmanifest'), '{"name":"Skydeck"}');

const opened: ReturnType<typeof createApp>[] = [];
afterAll(() => {
  for (const instance of opened) instance.close();
});

function start(env: Record<string, string> = {}) {
  const instance = createApp({
    config: loadConfig({
      DATA_DIR: mkdtempSync(join(tmpdir(), 'skydeck-spa-')),
      STATIC_DIR: staticDir,
      WEATHERBIT_API_KEY: '',
      ...env,
    }),
    logger: createLogger([], () => undefined),
  });
  opened.push(instance);
  return instance.app;
}

describe('the SPA', () => {
  it('answers a shared link (/s/<token>) with the public status page, not the dashboard, revalidated', async () => {
    const app = start();
    for (const path of ['/s/abc', '/s/abc?embed=1', '/s/abc/x']) {
      const response = await app.request(path);
      expect(response.status, path).toBe(200);
      expect(await response.text()).toBe('<!doctype html><title>Site status</title>');
      expect(response.headers.get('cache-control')).toBe('no-cache');
    }
    expect(await (await app.request('/sites')).text()).toBe(
      '<!doctype html><title>Skydeck</title>',
    );
  });

  const app = start();

  it.each(['/', '/index.html', '/?lat=40.71&lon=-74.01&z=6', '/some/deep/link'])(
    'answers %s with index.html, Cache-Control: no-cache',
    async (path) => {
      const response = await app.request(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Type')).toMatch(/^text\/html/);
      expect(response.headers.get('Cache-Control')).toBe('no-cache');
      expect(await response.text()).toContain('<title>Skydeck</title>');
    },
  );

  it('asks again for the service worker and the manifest on every load (a deployment replaces them)', async () => {
    const worker = await app.request('/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('Content-Type')).toMatch(/javascript/);
    expect(worker.headers.get('Cache-Control')).toBe('no-cache');
    const manifest = await app.request('/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('Content-Type')).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers.get('Cache-Control')).toBe('no-cache');
  });

  it('caches hashed assets for a year', async () => {
    const response = await app.request('/assets/index-abc123.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
  });

  it('answers source maps 404 by default, not the map and not index.html', async () => {
    for (const path of ['/assets/index-abc123.js.map', '/assets/missing.js.map']) {
      const response = await app.request(path);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('"mappings"');
    }
    expect((await app.request('/assets/index-abc123.js.map', { method: 'HEAD' })).status).toBe(404);
  });
});

describe('the SPA with SERVE_SOURCEMAPS=1', () => {
  const app = start({ SERVE_SOURCEMAPS: '1' });

  it('answers the source maps it has', async () => {
    const response = await app.request('/assets/index-abc123.js.map');
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('"mappings"');
  });

  it('answers a missing map 404 rather than index.html', async () => {
    expect((await app.request('/assets/missing.js.map')).status).toBe(404);
  });
});
