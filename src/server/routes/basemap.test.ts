import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PMTiles, type Source } from 'pmtiles';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { closeInProcessApps, inProcessApp } from '../testing/in-process';
import { pmtilesArchive } from '../testing/pmtiles-fixture';
import { basemapRoutes, parseRange, pmtilesPath } from './basemap';

const dir = mkdtempSync(join(tmpdir(), 'skydeck-pmtiles-'));
const tile = (z: number, x: number, y: number) =>
  Uint8Array.from({ length: 40 + z }, (_, i) => (i * 7 + z * 13 + x * 5 + y) % 256);
const archive = pmtilesArchive([
  { z: 0, x: 0, y: 0, data: tile(0, 0, 0) },
  { z: 1, x: 1, y: 0, data: tile(1, 1, 0) },
  { z: 2, x: 2, y: 1, data: tile(2, 2, 1) },
]);
const file = join(dir, 'region.pmtiles');
writeFileSync(file, archive);
const { app } = inProcessApp({ BASEMAP_PMTILES: file });
afterAll(closeInProcessApps);

const get = (headers: Record<string, string> = {}, method = 'GET') =>
  app.request(pmtilesPath, { method, headers });

describe('the PMTiles basemap route', () => {
  it('answers HEAD with the size and that it takes ranges, and no body', async () => {
    const response = await get({}, 'HEAD');
    expect(response.status).toBe(200);
    expect(response.headers.get('Accept-Ranges')).toBe('bytes');
    expect(response.headers.get('Content-Length')).toBe(String(archive.length));
    expect(response.headers.get('Content-Type')).toBe('application/vnd.pmtiles');
    expect(response.headers.get('ETag')).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect((await response.arrayBuffer()).byteLength).toBe(0);
  });

  it('answers a range with 206, exactly those bytes and where they are', async () => {
    const response = await get({ Range: 'bytes=0-126' });
    expect(response.status).toBe(206);
    expect(response.headers.get('Content-Range')).toBe(`bytes 0-126/${archive.length}`);
    expect(response.headers.get('Content-Length')).toBe('127');
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(archive.slice(0, 127));
  });

  it('answers an open range and a suffix range to the end of the file', async () => {
    const open = await get({ Range: `bytes=${archive.length - 5}-` });
    expect(open.status).toBe(206);
    expect(new Uint8Array(await open.arrayBuffer())).toEqual(archive.slice(-5));
    const suffix = await get({ Range: 'bytes=-10' });
    expect(suffix.headers.get('Content-Range')).toBe(
      `bytes ${archive.length - 10}-${archive.length - 1}/${archive.length}`,
    );
    expect(new Uint8Array(await suffix.arrayBuffer())).toEqual(archive.slice(-10));
  });

  it('answers 416 with the size for a range past the end', async () => {
    const response = await get({ Range: `bytes=${archive.length}-${archive.length + 10}` });
    expect(response.status).toBe(416);
    expect(response.headers.get('Content-Range')).toBe(`bytes */${archive.length}`);
    expect(((await response.json()) as { error: string }).error).toContain('outside the archive');
  });

  it('refuses a range longer than one request may read, saying the limit', async () => {
    const small = basemapRoutes(file, { rangeLimit: 64 });
    const response = await small.request(pmtilesPath, { headers: { Range: 'bytes=0-64' } });
    expect(response.status).toBe(416);
    expect(((await response.json()) as { error: string }).error).toContain('at most 64 bytes');
    const fits = await small.request(pmtilesPath, { headers: { Range: 'bytes=0-63' } });
    expect(fits.status).toBe(206);
  });

  it('sends the whole file without a Range, or for a Range of another version (If-Range)', async () => {
    const whole = await get();
    expect(whole.status).toBe(200);
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(archive);
    const stale = await get({ Range: 'bytes=0-9', 'If-Range': '"another"' });
    expect(stale.status).toBe(200);
    expect(stale.headers.get('Content-Length')).toBe(String(archive.length));
    await stale.arrayBuffer();
  });

  it('serves an archive the pmtiles reader can open and read tiles from', async () => {
    const source: Source = {
      getKey: () => pmtilesPath,
      async getBytes(offset, length) {
        const response = await get({ Range: `bytes=${offset}-${offset + length - 1}` });
        expect(response.status).toBe(206);
        return { data: await response.arrayBuffer(), etag: response.headers.get('ETag') ?? '' };
      },
    };
    const reader = new PMTiles(source);
    const header = await reader.getHeader();
    expect(header.specVersion).toBe(3);
    expect([header.minZoom, header.maxZoom]).toEqual([0, 2]);
    const found = await reader.getZxy(2, 2, 1);
    expect(new Uint8Array(found!.data)).toEqual(tile(2, 2, 1));
    expect(await reader.getZxy(2, 0, 0)).toBeUndefined();
  });

  it('is named in the client configuration only when the server has an archive', async () => {
    const withArchive = (await (await app.request('/api/config')).json()) as Record<
      string,
      unknown
    >;
    expect(withArchive.basemapPmtilesUrl).toBe(pmtilesPath);
    const without = inProcessApp();
    const plain = (await (await without.app.request('/api/config')).json()) as Record<
      string,
      unknown
    >;
    expect(plain.basemapPmtilesUrl).toBeNull();
  });
});

describe('BASEMAP_PMTILES', () => {
  it('stops the server at start-up when the file is missing or not PMTiles v3', () => {
    expect(() => loadConfig({ BASEMAP_PMTILES: join(dir, 'missing.pmtiles') })).toThrow(
      /BASEMAP_PMTILES could not be read \(ENOENT\)/,
    );
    const notPmtiles = join(dir, 'other.pmtiles');
    writeFileSync(notPmtiles, 'PMTiles\u0002 version two');
    expect(() => loadConfig({ BASEMAP_PMTILES: notPmtiles })).toThrow(/not a PMTiles version 3/);
  });

  it('cannot be set with MAP_STYLE_URL: the map has one basemap', () => {
    expect(() =>
      loadConfig({ BASEMAP_PMTILES: file, MAP_STYLE_URL: 'https://tiles.example/style.json' }),
    ).toThrow(/not both/);
  });
});

describe('Range headers', () => {
  it.each([
    ['bytes=0-9', { start: 0, end: 9 }],
    ['bytes=5-', { start: 5, end: 99 }],
    ['bytes=90-200', { start: 90, end: 99 }],
    ['bytes=-30', { start: 70, end: 99 }],
    ['bytes=100-', 'unsatisfiable'],
    ['bytes=-0', 'unsatisfiable'],
    ['bytes=0-1,5-6', undefined],
    ['items=0-9', undefined],
    ['bytes=9-3', undefined],
  ] as const)('%s of 100 bytes', (header, expected) => {
    expect(parseRange(header, 100)).toEqual(expected);
  });
});
