import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CreatedStationResponse,
  SiteJson,
  WatchEventJson,
} from '../../shared/api/watch-answers';
import { type Bff, closeAll, simulatedNow, startBff, startSimulator } from '../testing/loopback';
import { admin, signIn, writeHeaders } from '../testing/operator';

/**
 * The watch with a site's own station, over loopback against the simulator, its monitor run
 * round by round on the BFF's clock: the station's gust stops the site in the round after it
 * is uploaded, named as its source; a station gone quiet holds the level its readings set (the
 * grid alone never lowers it) until it reports again or is detached, and says so.
 */
let simulator: string;
beforeAll(async () => {
  simulator = await startSimulator();
});
afterAll(closeAll);

/** A calm July afternoon in Seattle, far from the simulator's storms; gusts stop at 15 m/s. */
const craneSite = {
  name: 'Tower crane 2',
  lat: 47.6,
  lon: -122.3,
  policy: {
    lightning: { rings: { stop: 10, caution: 16, watch: 40 }, all_clear_minutes: 30 },
    wind: { gust_ms: { caution: 11, stop: 15 }, sustained_ms: { caution: null, stop: null } },
  },
};

async function setUp(): Promise<{
  bff: Bff;
  siteId: string;
  wu: (query: string) => Promise<Response>;
}> {
  const bff = await startBff(simulator, { SKYDECK_ADMIN_PASSWORD: admin.password });
  const cookie = await signIn(bff);
  const headers = { ...writeHeaders, Cookie: cookie };
  const site = await fetch(`${bff.url}/api/sites`, {
    method: 'POST',
    headers,
    body: JSON.stringify(craneSite),
  });
  expect(site.status).toBe(201);
  const siteId = ((await site.json()) as { site: SiteJson }).site.id;
  const created = await fetch(`${bff.url}/api/stations`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ name: 'Jib anemometer', site_id: siteId }),
  });
  const { station, key } = (await created.json()) as CreatedStationResponse;
  const wu = (query: string) =>
    fetch(
      `${bff.url}/api/stations/wu/updateweatherstation.php?ID=${station.id}&PASSWORD=${key}&${query}`,
    );
  return { bff, siteId, wu };
}

async function siteNow(bff: Bff, id: string): Promise<SiteJson> {
  return ((await (await fetch(`${bff.url}/api/sites/${id}`)).json()) as { site: SiteJson }).site;
}

async function round(bff: Bff, seconds: number): Promise<void> {
  bff.advance(seconds);
  await bff.watch.monitor.tick();
}

describe("a site's own station", () => {
  it('stops the site on its gust within one round, and the record names the station', async () => {
    const { bff, siteId, wu } = await setUp();
    await round(bff, 5);
    const before = await siteNow(bff, siteId);
    // The grid's gust here is well under the stop: whatever stops the site is the station's.
    expect(before.status.conditions?.gust_ms ?? 0).toBeLessThan(11);
    expect(before.status.level).not.toBe('stop');
    expect(before.status.station).toMatchObject({
      name: 'Jib anemometer',
      in_use: false,
      notice: 'Jib anemometer: no reading yet; gridded data in use',
    });

    // 48 mph on the jib, as the station's own WU upload says it.
    expect((await wu('dateutc=now&windspeedmph=20&windgustmph=48&winddir=250')).status).toBe(200);
    await round(bff, 5);
    const stopped = await siteNow(bff, siteId);
    expect(stopped.status.level).toBe('stop');
    expect(stopped.status.reasons[0]).toBe('wind: gust 21.5 m/s from Jib anemometer ≥ stop 15 m/s');
    expect(stopped.status.findings[0]?.measure).toMatchObject({
      kind: 'gust',
      source: 'Jib anemometer',
    });
    expect(stopped.status.conditions?.station).toEqual({
      id: expect.any(String) as string,
      name: 'Jib anemometer',
      // Uploaded `now`, five seconds after the pinned time: dated by the server.
      at: new Date(simulatedNow + 5000).toISOString(),
    });
    expect(stopped.status.station).toMatchObject({ in_use: true, notice: null });
    const events = (await (await fetch(`${bff.url}/api/events?site=${siteId}`)).json()) as {
      events: WatchEventJson[];
    };
    expect(events.events[0]).toMatchObject({
      to: 'stop',
      rule: 'wind',
      reason: 'wind: gust 21.5 m/s from Jib anemometer ≥ stop 15 m/s',
    });
  });

  it('holds the level a quiet station set until it reports again, and says so', async () => {
    const { bff, siteId, wu } = await setUp();
    expect((await wu('dateutc=now&windgustmph=48&tempf=91&humidity=40')).status).toBe(200);
    await round(bff, 5);
    expect((await siteNow(bff, siteId)).status.level).toBe('stop');

    // Ten minutes on it is still used; past them it is not, and the grid alone (gusts under
    // 11 m/s here) would lower the level: the site is no_data, its last STOP kept beside it.
    await round(bff, 10 * 60 - 5);
    expect((await siteNow(bff, siteId)).status.station?.in_use).toBe(true);
    await round(bff, 60);
    const quiet = await siteNow(bff, siteId);
    expect(quiet.status.conditions?.station).toBeNull();
    expect(quiet.status.conditions?.gust_ms ?? 0).toBeLessThan(11);
    expect(quiet.status.level).toBe('no_data');
    expect(quiet.status.last_level).toBe('stop');
    expect(quiet.status.reasons).toEqual([
      'no reading from Jib anemometer since 18:20:00 UTC, whose readings set the last level',
      'wind: gust 21.5 m/s from Jib anemometer ≥ stop 15 m/s',
    ]);
    expect(quiet.status.station).toMatchObject({
      in_use: false,
      last_reading_at: new Date(simulatedNow).toISOString(),
      notice:
        'Jib anemometer: no reading since 18:20 UTC; the level its readings set is held until ' +
        'it reports again or is detached from the site, as the gridded data alone would lower it',
    });
    // The record says why, under the data rule, as for any missing feed.
    const events = (await (await fetch(`${bff.url}/api/events?site=${siteId}`)).json()) as {
      events: WatchEventJson[];
    };
    expect(events.events[0]).toMatchObject({ from: 'stop', to: 'no_data', rule: 'data' });
    // Rounds later it still holds: the grid never lowers it on its own.
    await round(bff, 30 * 60);
    expect((await siteNow(bff, siteId)).status).toMatchObject({
      level: 'no_data',
      last_level: 'stop',
    });

    // The station reports again, calm: the level follows its data down.
    expect((await wu('dateutc=now&windgustmph=9&tempf=75&humidity=40')).status).toBe(200);
    await round(bff, 5);
    const back = await siteNow(bff, siteId);
    expect(back.status.station).toMatchObject({ in_use: true, notice: null });
    expect(back.status.level).not.toBe('no_data');
    expect(back.status.level).not.toBe('stop');
  });

  it('holds a stop its wind set when its uploads leave the wind out', async () => {
    const { bff, siteId, wu } = await setUp();
    expect((await wu('dateutc=now&windgustmph=48&tempf=70')).status).toBe(200);
    await round(bff, 5);
    expect((await siteNow(bff, siteId)).status.level).toBe('stop');
    // A minute on, the anemometer's cable is cut: the uploads carry the temperature alone.
    bff.advance(60);
    expect((await wu('dateutc=now&tempf=71&humidity=50')).status).toBe(200);
    await round(bff, 5);
    const site = await siteNow(bff, siteId);
    expect(site.status.station?.in_use).toBe(true);
    expect(site.status).toMatchObject({ level: 'no_data', last_level: 'stop' });
    expect(site.status.reasons[0]).toBe(
      'no wind in the latest reading from Jib anemometer, whose readings set the last level',
    );
  });

  it('falls back to gridded data when the quiet station is detached, or held nothing', async () => {
    const { bff, siteId, wu } = await setUp();
    const cookie = await signIn(bff);
    expect((await wu('dateutc=now&windgustmph=48')).status).toBe(200);
    await round(bff, 5);
    await round(bff, 11 * 60);
    expect((await siteNow(bff, siteId)).status.level).toBe('no_data');
    // An operator detaches it: the grid, fresh, decides again.
    const stations = (await (
      await fetch(`${bff.url}/api/stations`, {
        headers: { Cookie: cookie },
      })
    ).json()) as { stations: { id: string }[] };
    const [station] = stations.stations;
    const detached = await fetch(`${bff.url}/api/stations/${station?.id ?? ''}`, {
      method: 'PATCH',
      headers: { ...writeHeaders, Cookie: cookie },
      body: JSON.stringify({ site_id: null }),
    });
    expect(detached.status).toBe(200);
    await round(bff, 5);
    const grid = await siteNow(bff, siteId);
    expect(grid.status.station).toBeNull();
    expect(grid.status.level).not.toBe('no_data');
    expect(grid.status.level).not.toBe('stop');

    // A station whose readings set nothing holds nothing: gone quiet, the grid simply goes on.
    const calm = await setUp();
    expect((await calm.wu('dateutc=now&windgustmph=9')).status).toBe(200);
    await round(calm.bff, 5);
    const before = (await siteNow(calm.bff, calm.siteId)).status.level;
    await round(calm.bff, 11 * 60);
    const after = await siteNow(calm.bff, calm.siteId);
    expect(after.status.level).toBe(before);
    expect(after.status.station?.notice).toBe(
      'Jib anemometer: no reading since 18:20 UTC; gridded data in use',
    );
  });

  it('keeps a reading dated ahead of the server clock, but never uses it', async () => {
    const { bff, siteId, wu } = await setUp();
    expect((await wu('dateutc=2026-07-15+19:20:00&windgustmph=48')).status).toBe(200);
    await round(bff, 5);
    const site = await siteNow(bff, siteId);
    expect(site.status.level).not.toBe('stop');
    expect(site.status.station).toMatchObject({
      in_use: false,
      last_reading_at: '2026-07-15T19:20:00.000Z',
      notice:
        "Jib anemometer: its latest reading is dated ahead of the server's clock (19:20 UTC); " +
        'gridded data in use',
    });
    const rows = await bff.watch.database.db.selectFrom('station_readings').selectAll().execute();
    expect(rows).toHaveLength(1);
  });
});
