import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedStationResponse, StationsResponse } from '../../shared/api/watch-answers';
import { type Bff, closeAll, simulatedNow, startBff, startSimulator } from '../testing/loopback';
import { admin, signIn, writeHeaders } from '../testing/operator';
import { createPostgresDatabase, engines } from '../testing/test-database';
import { stationUploadsPerMinute } from './station-routes';

/**
 * Stations over loopback, on both engines: registering one (its key answered once, kept hashed),
 * and uploads as real consoles send them, over the Weather Underground protocol and Ecowitt's
 * custom upload.
 */
let simulator: string;
beforeAll(async () => {
  simulator = await startSimulator();
});
afterAll(closeAll);

const passkey = '3178AB6B42A759F51A5A4AD72E37F8DE';
/** An Ecowitt console's upload (its PASSKEY replaced), dated a minute before the tests' now. */
const ecowittBody = (key = passkey) =>
  `PASSKEY=${key}&stationtype=EasyWeatherPro_V5.1.1&runtime=0&dateutc=2026-07-15+18:19:00` +
  '&tempinf=71.8&humidityin=42&baromrelin=29.920&baromabsin=29.689&tempf=59.4&humidity=38' +
  '&winddir=136&windspeedmph=0.67&windgustmph=1.12&maxdailygust=1.12&solarradiation=34.89&uv=0' +
  '&rainratein=0.000&eventrainin=0.000&hourlyrainin=0.000&dailyrainin=0.000&weeklyrainin=0.031' +
  '&monthlyrainin=0.031&yearlyrainin=0.031&totalrainin=0.031&wh65batt=0&freq=868M' +
  '&model=WS2900_V2.01.18';

async function start(engine: (typeof engines)[number]): Promise<{ bff: Bff; cookie: string }> {
  const env: Record<string, string> =
    engine === 'postgres' ? { DATABASE_URL: await createPostgresDatabase() } : {};
  const bff = await startBff(simulator, { SKYDECK_ADMIN_PASSWORD: admin.password, ...env });
  return { bff, cookie: await signIn(bff) };
}

const write = (bff: Bff, cookie: string, method: string, path: string, body?: object) =>
  fetch(`${bff.url}/api${path}`, {
    method,
    headers: { ...writeHeaders, Cookie: cookie },
    body: body && JSON.stringify(body),
  });

async function addSite(bff: Bff, cookie: string): Promise<string> {
  const response = await write(bff, cookie, 'POST', '/sites', {
    name: 'Tower crane 2',
    lat: 47.6,
    lon: -122.3,
  });
  expect(response.status).toBe(201);
  return ((await response.json()) as { site: { id: string } }).site.id;
}

const wu = (bff: Bff, query: string) =>
  fetch(`${bff.url}/api/stations/wu/updateweatherstation.php?${query}`);

const ecowitt = (bff: Bff, body: string) =>
  fetch(`${bff.url}/api/stations/ecowitt`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body,
  });

describe.each(engines)('stations on %s', (engine) => {
  it('registers a station for operators only, answers its key once and never again', async () => {
    const { bff, cookie } = await start(engine);
    const siteId = await addSite(bff, cookie);
    const body = { name: 'Jib anemometer', site_id: siteId, passkey };
    const signedOut = await fetch(`${bff.url}/api/stations`, {
      method: 'POST',
      headers: writeHeaders,
      body: JSON.stringify(body),
    });
    expect(signedOut.status).toBe(401);
    const forged = await fetch(`${bff.url}/api/stations`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify(body),
    });
    expect(forged.status).toBe(403);

    const created = await write(bff, cookie, 'POST', '/stations', body);
    expect(created.status).toBe(201);
    const { station, key } = (await created.json()) as CreatedStationResponse;
    expect(station).toEqual({ id: expect.any(String) as string, name: body.name, site_id: siteId });
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const listed = await fetch(`${bff.url}/api/stations`);
    const text = await listed.text();
    expect(text).not.toContain(key);
    expect(text).not.toContain(passkey);
    expect((JSON.parse(text) as StationsResponse).stations).toEqual([
      { ...station, passkey_set: true, last_reading_at: null },
    ]);
    // The database holds hashes only.
    const rows = await bff.watch.database.db.selectFrom('stations').selectAll().execute();
    expect(JSON.stringify(rows)).not.toContain(key);
    expect(JSON.stringify(rows)).not.toContain(passkey);

    // A second station cannot take the same passkey, nor name a site that is not there.
    expect((await write(bff, cookie, 'POST', '/stations', body)).status).toBe(409);
    const noSite = await write(bff, cookie, 'POST', '/stations', {
      name: 'Roof',
      site_id: 'nowhere',
    });
    expect(noSite.status).toBe(400);
    expect(await noSite.json()).toEqual({ error: 'Invalid site_id: no site nowhere' });
    const noName = await write(bff, cookie, 'POST', '/stations', { name: '' });
    expect(((await noName.json()) as { error: string }).error).toMatch(/^Invalid name/);

    const renamed = await write(bff, cookie, 'PATCH', `/stations/${station.id}`, {
      name: 'Jib anemometer (north)',
      site_id: null,
    });
    expect(await renamed.json()).toEqual({
      station: { id: station.id, name: 'Jib anemometer (north)', site_id: null },
    });
    expect((await write(bff, cookie, 'PATCH', '/stations/nope', { name: 'x' })).status).toBe(404);
    expect((await write(bff, cookie, 'DELETE', `/stations/${station.id}`)).status).toBe(204);
    expect((await write(bff, cookie, 'DELETE', `/stations/${station.id}`)).status).toBe(404);
    const audit = await fetch(`${bff.url}/api/audit`, { headers: { Cookie: cookie } });
    const actions = ((await audit.json()) as { entries: { action: string }[] }).entries.map(
      (entry) => entry.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining(['station.create', 'station.update', 'station.delete']),
    );
  });

  it('takes uploads with the right key only, and no log line or answer holds the key', async () => {
    const { bff, cookie } = await start(engine);
    const created = await write(bff, cookie, 'POST', '/stations', {
      name: 'Jib anemometer',
      passkey,
    });
    const { station, key } = (await created.json()) as CreatedStationResponse;
    const sample =
      `ID=${station.id}&PASSWORD=${key}&dateutc=2026-07-15+18%3A19%3A30&winddir=230` +
      '&windspeedmph=12&windgustmph=12&tempf=70&rainin=0&baromin=29.1&dewptf=68.2&humidity=90' +
      '&weather=&clouds=&softwaretype=vws%20versionxx&action=updateraw';
    const answers: string[] = [];
    const send = async (response: Promise<Response>) => {
      const answer = await response;
      answers.push(await answer.text());
      return { status: answer.status, text: answers.at(-1) as string };
    };

    expect(await send(wu(bff, sample))).toEqual({ status: 200, text: 'success' });
    expect((await send(wu(bff, sample.replace(key, `${key}x`)))).status).toBe(401);
    expect((await send(wu(bff, sample.replace(station.id, 'KCASANFR5')))).status).toBe(401);
    expect((await send(wu(bff, `ID=${station.id}`))).status).toBe(400);
    const junk = await send(wu(bff, `ID=${station.id}&PASSWORD=${key}&windgustmph=calm`));
    expect(junk).toEqual({
      status: 400,
      text: JSON.stringify({ error: 'Invalid windgustmph: must be a number, not "calm"' }),
    });
    const gale = await send(wu(bff, `ID=${station.id}&PASSWORD=${key}&tempf=212`));
    expect(gale.status).toBe(400);
    expect(gale.text).toContain('Invalid tempf: 212 is out of physical range');

    expect(await send(ecowitt(bff, ecowittBody()))).toEqual({ status: 200, text: 'success' });
    expect((await send(ecowitt(bff, ecowittBody('0000')))).status).toBe(401);
    expect((await send(ecowitt(bff, 'stationtype=EasyWeatherPro_V5.1.1'))).status).toBe(400);
    const huge = await send(ecowitt(bff, `${ecowittBody()}&${'x'.repeat(9000)}`));
    expect(huge.status).toBe(413);

    // Both uploads fell in 18:19: one row, its means and its highest gust.
    const rows = await bff.watch.database.db.selectFrom('station_readings').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      station_id: station.id,
      minute: Date.parse('2026-07-15T18:19:00Z'),
      at: Date.parse('2026-07-15T18:19:30Z'),
      count: 2,
      humidity_n: 2,
      humidity_sum: 128,
    });
    expect(rows[0]?.gust_max).toBeCloseTo(12 * 0.44704, 4);
    const listed = (await (await fetch(`${bff.url}/api/stations`)).json()) as StationsResponse;
    expect(listed.stations[0]?.last_reading_at).toBe('2026-07-15T18:19:30.000Z');

    await new Promise((resolve) => setImmediate(resolve));
    const logs = bff.logs.join('\n');
    expect(logs).toContain('"path":"/api/stations/wu/updateweatherstation.php"');
    expect(logs).toContain('PASSWORD=[redacted]');
    expect(logs).not.toContain(key);
    expect(logs).not.toContain(passkey);
    for (const answer of answers) {
      expect(answer).not.toContain(key);
      expect(answer).not.toContain(passkey);
    }
  });

  it('bounds the uploads one station may send', async () => {
    const { bff, cookie } = await start(engine);
    const created = await write(bff, cookie, 'POST', '/stations', { name: 'Gate' });
    const { station, key } = (await created.json()) as CreatedStationResponse;
    const upload = () => wu(bff, `ID=${station.id}&PASSWORD=${key}&dateutc=now&windspeedmph=3`);
    for (let i = 0; i < stationUploadsPerMinute; i++) expect((await upload()).status).toBe(200);
    const refused = await upload();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // A second later (on the BFF's clock) one more is due.
    bff.advance(1);
    expect((await upload()).status).toBe(200);
    const [row] = await bff.watch.database.db.selectFrom('station_readings').selectAll().execute();
    expect(row?.minute).toBe(Math.floor(simulatedNow / 60_000) * 60_000);
  });
});
