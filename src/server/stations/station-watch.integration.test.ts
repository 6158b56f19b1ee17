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
 * is uploaded, named as its source; a station gone quiet leaves the site on gridded data, and
 * says so.
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

  it('falls back to gridded data once the station is quiet, and says so', async () => {
    const { bff, siteId, wu } = await setUp();
    expect((await wu('dateutc=now&windgustmph=48&tempf=91&humidity=40')).status).toBe(200);
    await round(bff, 5);
    expect((await siteNow(bff, siteId)).status.level).toBe('stop');

    // Ten minutes on it is still used; past them it is not.
    await round(bff, 10 * 60 - 5);
    expect((await siteNow(bff, siteId)).status.station?.in_use).toBe(true);
    await round(bff, 60);
    const quiet = await siteNow(bff, siteId);
    expect(quiet.status.station).toMatchObject({
      in_use: false,
      last_reading_at: new Date(simulatedNow).toISOString(),
      notice: 'Jib anemometer: no reading since 18:20 UTC; gridded data in use',
    });
    expect(quiet.status.conditions?.station).toBeNull();
    expect(quiet.status.level).not.toBe('stop');
    expect(quiet.status.reasons.join('\n')).not.toContain('Jib anemometer');
    // Gridded data, fresh: what it says stands, and nothing relaxed without data on the way.
    expect(quiet.status.data_age_s).toBeLessThan(15 * 60);
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
