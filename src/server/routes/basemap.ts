import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { Hono } from 'hono';

/** Where the SPA finds the archive (see ClientConfig.basemapPmtilesUrl). */
export const pmtilesPath = '/basemap/region.pmtiles';

/**
 * The most one request may read. A PMTiles reader asks for a 16 KiB header, directories and
 * single tiles (a few hundred KiB at most): far below this.
 */
export const maxRangeBytes = 16 * 1024 * 1024;

/**
 * BASEMAP_PMTILES served for MapLibre's `pmtiles://` protocol: HTTP range requests (RFC 9110)
 * read straight from the file, one range at a time. The file is looked at on every request, so
 * replacing it needs no restart; its size and time make the ETag a reader checks.
 */
export function basemapRoutes(file: string, { rangeLimit = maxRangeBytes } = {}) {
  const app = new Hono();
  app.get(pmtilesPath, async (c) => {
    let size: number;
    let modified: Date;
    try {
      const info = await stat(file);
      size = info.size;
      modified = info.mtime;
    } catch {
      return c.json({ error: 'The basemap archive is not readable on the server' }, 503);
    }
    const etag = `"${size.toString(16)}-${Math.floor(modified.getTime()).toString(16)}"`;
    const headers: Record<string, string> = {
      'Accept-Ranges': 'bytes',
      'Content-Type': 'application/vnd.pmtiles',
      ETag: etag,
      'Last-Modified': modified.toUTCString(),
      // Revalidated hourly: an operator may swap the file for a newer extract.
      'Cache-Control': 'public, max-age=3600',
    };

    const header = c.req.header('Range');
    const ifRange = c.req.header('If-Range');
    // A Range for another version of the file is ignored: the whole file is the answer.
    const range = header && (!ifRange || ifRange === etag) ? parseRange(header, size) : undefined;
    if (range === 'unsatisfiable') {
      return c.json({ error: `Range ${header} is outside the archive (${size} bytes)` }, 416, {
        ...headers,
        'Content-Range': `bytes */${size}`,
      });
    }
    if (range && range.end - range.start + 1 > rangeLimit) {
      return c.json(
        { error: `Range ${header} is too long: at most ${rangeLimit} bytes per request` },
        416,
        { ...headers, 'Content-Range': `bytes */${size}` },
      );
    }
    const { start, end } = range ?? { start: 0, end: size - 1 };
    const length = Math.max(0, end - start + 1);
    const responseHeaders = {
      ...headers,
      'Content-Length': String(length),
      ...(range ? { 'Content-Range': `bytes ${start}-${end}/${size}` } : {}),
    };
    const status = range ? 206 : 200;
    if (c.req.method === 'HEAD' || length === 0) return c.body(null, status, responseHeaders);
    const stream = Readable.toWeb(createReadStream(file, { start, end })) as ReadableStream;
    return c.body(stream, status, responseHeaders);
  });
  return app;
}

/**
 * One `bytes=` range, inclusive, within the file; 'unsatisfiable' when it starts past the end.
 * Anything else (several ranges, other units, bad syntax) is undefined: ignored, as RFC 9110
 * allows, and the whole file is sent.
 */
export function parseRange(
  header: string,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | undefined {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, from = '', to = ''] = match;
  if (from === '' && to === '') return undefined;
  if (from === '') {
    // The last N bytes.
    const suffix = Number(to);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (to !== '' && Number(to) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}
