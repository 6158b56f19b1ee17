import { randomBytes } from 'node:crypto';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { every } from 'hono/combine';
import {
  stationReadingsLimits,
  stationReadingsQuery,
  stationReadingsWindow,
} from '../../shared/api/queries';
import { createStationSchema, updateStationSchema } from '../../shared/api/watch';
import type {
  CreatedStationResponse,
  StationJson,
  StationReadingsResponse,
  StationsResponse,
} from '../../shared/api/watch-answers';
import type { AuditRecorder } from '../audit/audit-log';
import type { StationRow } from '../db/schema';
import { newRecordId } from '../db/ids';
import { ClientRateLimiter, type Verdict } from '../http/protection';
import { parseQuery } from '../http/query';
import { jsonBodyLimit, readJsonBody } from '../watch/json-body';
import type { StationStore } from './station-store';
import { readUpload } from './uploads';

export interface StationRouteOptions {
  store: StationStore;
  /** Server time, epoch ms: a `dateutc=now` reading is dated by it. */
  clock: () => number;
  writeGuards: MiddlewareHandler[];
  operatorOf: (c: Context) => string;
  record: AuditRecorder;
  /** Whether a site exists (a station may name only one that does). */
  siteExists: (id: string) => Promise<boolean>;
  ready: () => Promise<void>;
}

/**
 * Uploads a station may send a minute: a bucket this deep, refilled at this rate. Weather
 * Underground's "rapid fire" sends every 2.5 s and an Ecowitt console every 16 s at the least,
 * so one a second with a minute's burst leaves every real station room, and a station whose key
 * has leaked cannot fill the readings table faster than its one row a minute anyway.
 */
export const stationUploadsPerMinute = 60;
/** An Ecowitt upload with every sensor a console takes is under 2 KB. */
export const uploadBodyMaxBytes = 8 * 1024;

const stationJson = (row: StationRow): StationJson => ({
  id: row.id,
  name: row.name,
  site_id: row.site_id,
});

/**
 * `/stations`: operators register a site's own weather stations (`POST` answers the key once),
 * and stations upload over the Weather Underground protocol or Ecowitt's custom upload. Uploads
 * carry no session and no write header (a station can send neither): their key is their
 * credential, and they are bounded per station as well as by the API's per-client limit.
 */
export function stationRoutes(options: StationRouteOptions) {
  const { store, clock } = options;
  const app = new Hono();
  const writes = every(jsonBodyLimit(1024), ...options.writeGuards);
  const perStation = new ClientRateLimiter(stationUploadsPerMinute, clock);

  const tooMany = (c: Context, verdict: Extract<Verdict, { allowed: false }>) =>
    c.json(
      {
        error: `Too many uploads from this station: at most ${stationUploadsPerMinute} a minute`,
      },
      429,
      { 'Retry-After': String(verdict.retryAfter) },
    );

  const invalidSite = (c: Context, id: string) =>
    c.json({ error: `Invalid site_id: no site ${id}` }, 400);
  const passkeyTaken = (c: Context) =>
    c.json({ error: 'Invalid passkey: another station has registered it' }, 409);

  app.get('/stations', async (c) => {
    await options.ready();
    const rows = await store.list();
    const last = await store.lastReadings(rows.map((row) => row.id));
    c.header('Cache-Control', 'no-store');
    return c.json({
      stations: rows.map((row) => {
        const at = last.get(row.id);
        return {
          ...stationJson(row),
          passkey_set: row.passkey_hash !== null,
          last_reading_at: at === undefined ? null : new Date(at).toISOString(),
        };
      }),
    } satisfies StationsResponse);
  });

  app.get('/stations/:id/readings', async (c) => {
    const query = parseQuery(stationReadingsQuery, new URL(c.req.url).searchParams);
    if (!query.ok) return c.json({ error: query.error }, 400);
    const window = stationReadingsWindow(query.value, clock());
    if (!window.ok) return c.json({ error: window.error }, 400);
    await options.ready();
    const id = c.req.param('id');
    if (!(await store.get(id))) return c.json({ error: `No station ${id}` }, 404);
    const { since, until } = window;
    const minutes = Math.ceil((until - since) / 60_000);
    const bucket = Math.max(1, Math.ceil(minutes / stationReadingsLimits.maxPoints));
    const rows = await store.readings(id, since, until, bucket);
    const iso = (ms: number) => new Date(ms).toISOString();
    c.header('Cache-Control', 'no-store');
    return c.json({
      station_id: id,
      since: iso(since),
      until: iso(until),
      bucket_s: bucket * 60,
      readings: rows.map((row) => ({
        at: iso(row.at),
        count: row.count,
        wind_ms: row.windMs,
        gust_ms: row.gustMs,
        wind_dir: row.windDir,
        temp_c: row.tempC,
        humidity: row.humidity,
        pressure_hpa: row.pressureHpa,
        solar_wm2: row.solarWm2,
        rain_day_mm: row.rainDayMm,
      })),
    } satisfies StationReadingsResponse);
  });

  app.post('/stations', writes, async (c) => {
    const body = await readJsonBody(c, createStationSchema);
    if (!body.ok) return body.response;
    await options.ready();
    const { name, site_id: siteId, passkey } = body.value;
    if (siteId !== null && !(await options.siteExists(siteId))) return invalidSite(c, siteId);
    if (passkey !== null && (await store.passkeyTaken(passkey))) return passkeyTaken(c);
    const id = newRecordId();
    // 128 random bits: shown this once, kept as its SHA-256 only.
    const key = randomBytes(16).toString('base64url');
    await store.create({ id, name, siteId, key, passkey, at: clock(), by: options.operatorOf(c) });
    await options.record(c, {
      action: 'station.create',
      target: id,
      detail: { name, site_id: siteId, passkey_set: passkey !== null },
    });
    return c.json(
      { station: { id, name, site_id: siteId }, key } satisfies CreatedStationResponse,
      201,
    );
  });

  app.patch('/stations/:id', writes, async (c) => {
    const body = await readJsonBody(c, updateStationSchema);
    if (!body.ok) return body.response;
    await options.ready();
    const id = c.req.param('id');
    if (!(await store.get(id))) return c.json({ error: `No station ${id}` }, 404);
    const { name, site_id: siteId, passkey } = body.value;
    if (siteId && !(await options.siteExists(siteId))) return invalidSite(c, siteId);
    if (passkey && (await store.passkeyTaken(passkey, id))) return passkeyTaken(c);
    const row = await store.update(id, { name, siteId, passkey }, clock());
    if (!row) return c.json({ error: `No station ${id}` }, 404);
    await options.record(c, {
      action: 'station.update',
      target: id,
      detail: {
        ...(name === undefined ? {} : { name }),
        ...(siteId === undefined ? {} : { site_id: siteId }),
        ...(passkey === undefined ? {} : { passkey_set: passkey !== null }),
      },
    });
    return c.json({ station: stationJson(row) });
  });

  app.delete('/stations/:id', writes, async (c) => {
    await options.ready();
    const id = c.req.param('id');
    if (!(await store.delete(id))) return c.json({ error: `No station ${id}` }, 404);
    await options.record(c, { action: 'station.delete', target: id, detail: {} });
    return c.body(null, 204);
  });

  /** Reads and keeps one upload for `station`; the answer to send. */
  const take = async (c: Context, station: StationRow, param: (name: string) => string | null) => {
    const verdict = perStation.take(station.id);
    if (!verdict.allowed) return tooMany(c, verdict);
    const result = readUpload((name) => param(name) ?? undefined, clock());
    if (!result.ok) return c.json({ error: result.error }, 400);
    await store.addReading(station.id, result.reading);
    return c.text('success');
  };

  app.get('/stations/wu/updateweatherstation.php', async (c) => {
    const query = new URL(c.req.url).searchParams;
    const id = query.get('ID');
    const key = query.get('PASSWORD');
    if (!id) return c.json({ error: 'Invalid ID: the station id is required' }, 400);
    if (!key) return c.json({ error: 'Invalid PASSWORD: the station key is required' }, 400);
    await options.ready();
    const station = await store.byKey(id, key);
    if (!station) return c.json({ error: 'Wrong station ID or PASSWORD' }, 401);
    return take(c, station, (name) => query.get(name));
  });

  app.post(
    '/stations/ecowitt',
    bodyLimit({
      maxSize: uploadBodyMaxBytes,
      onError: (c) =>
        c.json({ error: `The request body must be at most ${uploadBodyMaxBytes} bytes` }, 413),
    }),
    async (c) => {
      const form = new URLSearchParams(await c.req.text());
      const passkey = form.get('PASSKEY');
      if (!passkey)
        return c.json({ error: 'Invalid PASSKEY: the station passkey is required' }, 400);
      await options.ready();
      const station = await store.byPasskey(passkey);
      if (!station) return c.json({ error: 'No station has registered this PASSKEY' }, 401);
      return take(c, station, (name) => form.get(name));
    },
  );

  return app;
}
