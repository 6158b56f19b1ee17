import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverTimeHeader } from '../../shared/api/server-time';
import { type StanddownResponse, standdownResponseSchema } from '../../shared/api/report-answers';
import { sitePolicySchema } from '../../shared/safety/site-policy';
import { closeAll, simulatedNow, startBff, startSimulator } from '../testing/loopback';
import { admin, signIn } from '../testing/operator';
import { stopPolicy, stormSite } from '../testing/storm-site';
import { engines, openTestDatabase } from '../testing/test-database';
import { WatchStore } from './store';

/**
 * `GET /api/reports/standdown` over loopback, on each engine, against an event log seeded before
 * the BFF starts: a site under the simulator's storm in Arkansas, whose zone (America/Chicago,
 * UTC-5 in July) the watch learns from the provider's answers. The tests' now is
 * 2026-07-15T18:20Z, 13:20 local.
 */
let simulator: string;
beforeAll(async () => {
  simulator = await startSimulator();
});
afterAll(closeAll);

const at = (iso: string) => Date.parse(iso);

/** The record, oldest first: [when, to, rule, off hours]. */
const seeded: [string, string, string, number][] = [
  // 07-13 15:00 local, before the period: caution, which the period opens in.
  ['2026-07-13T20:00:00Z', 'caution', 'lightning', 0],
  // 07-14 18:00 to 07-15 01:00 local: a lightning stop across midnight.
  ['2026-07-14T23:00:00Z', 'stop', 'lightning', 0],
  ['2026-07-15T06:00:00Z', 'clear', 'all-clear', 0],
  ['2026-07-15T10:00:00Z', 'no_data', 'data', 0],
  // Outside the site's hours, told to nobody: stood down all the same.
  ['2026-07-15T11:00:00Z', 'stop', 'wind', 1],
  ['2026-07-15T12:00:00Z', 'clear', 'all-clear', 0],
  // 11:00 local, still at STOP at 13:20.
  ['2026-07-15T16:00:00Z', 'stop', 'lightning', 0],
];

const noRules = { lightning: 0, alerts: 0, wind: 0, aqi: 0, heat: 0 };

describe.each(engines)('the stand-down report on %s', (engine) => {
  it('matches the seeded event log, split at the site’s midnights, the open stop to now', async () => {
    const database = await openTestDatabase(engine);
    const store = new WatchStore(database);
    const site = await store.createSite(
      {
        name: 'Pocahontas fields',
        ...stormSite,
        notes: '',
        policy: JSON.stringify(sitePolicySchema.parse(stopPolicy)),
      },
      'admin',
      at('2026-07-01T00:00:00Z'),
    );
    let previous = 'no_data';
    for (const [when, to, rule, offHours] of seeded) {
      await store.appendEvent({
        site_id: site.id,
        site_name: site.name,
        at: at(when),
        from_level: previous,
        to_level: to,
        rule,
        reason: `${rule}: seeded`,
        evidence: '[]',
        data_age_s: null,
        off_hours: offHours,
      });
      previous = to;
    }
    await database.close();

    const bff = await startBff(
      simulator,
      {
        SKYDECK_ADMIN_PASSWORD: admin.password,
        ...(database.options.databaseUrl ? { DATABASE_URL: database.options.databaseUrl } : {}),
      },
      database.options.dataDir,
    );
    // One round: the watch asks the provider about the site, which names its zone.
    await bff.watch.monitor.tick();
    const url = `${bff.url}/api/reports/standdown?from=2026-07-14&to=2026-07-15`;

    expect((await fetch(url)).status).toBe(401);
    const cookie = await signIn(bff);
    const response = await fetch(url, { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get(serverTimeHeader)).toBe(String(simulatedNow));
    const report: StanddownResponse = standdownResponseSchema.parse(await response.json());
    expect(report).toMatchObject({
      from: '2026-07-14',
      to: '2026-07-15',
      timezone: 'America/Chicago',
      now: new Date(simulatedNow).toISOString(),
    });
    expect(report.sites).toHaveLength(1);
    expect(report.sites[0]).toEqual({
      id: site.id,
      name: 'Pocahontas fields',
      timezone: 'America/Chicago',
      // The stop across midnight, the wind stop, and the one still open.
      stops: 3,
      // 420 across midnight, 60 of wind, 140 from 16:00Z to now.
      stop_minutes: 620,
      caution_minutes: 1080,
      no_data_minutes: 60,
      longest_stop_minutes: 420,
      by_rule: { ...noRules, lightning: 560, wind: 60 },
      days: [
        {
          date: '2026-07-14',
          stop_minutes: 360,
          // From local midnight (05:00Z) to the stop at 23:00Z.
          caution_minutes: 1080,
          no_data_minutes: 0,
          by_rule: { ...noRules, lightning: 360 },
        },
        {
          date: '2026-07-15',
          stop_minutes: 260,
          caution_minutes: 0,
          no_data_minutes: 60,
          by_rule: { ...noRules, lightning: 200, wind: 60 },
        },
      ],
    });

    // The round recorded the site at STOP again at now (the watch, starting without a stored
    // state, came from no_data): one stop goes on, an hour longer an hour later.
    const { events } = (await (await fetch(`${bff.url}/api/events?site=${site.id}`)).json()) as {
      events: { at: string; to: string }[];
    };
    expect(events[0]).toMatchObject({ at: new Date(simulatedNow).toISOString(), to: 'stop' });
    bff.advance(3600);
    const later = standdownResponseSchema.parse(
      await (await fetch(url, { headers: { Cookie: cookie } })).json(),
    );
    expect(later.sites[0]).toMatchObject({ stops: 3, stop_minutes: 680 });

    // The CSV: a header row, then one row per site and local day.
    const csv = await (
      await fetch(`${url}&format=csv&site=${site.id}`, { headers: { Cookie: cookie } })
    ).text();
    const rows = csv.trim().split('\r\n');
    expect(rows[0]).toBe(
      'site_id,site_name,timezone,date,stop_minutes,caution_minutes,no_data_minutes,' +
        'stop_lightning_minutes,stop_alerts_minutes,stop_wind_minutes,stop_aqi_minutes,stop_heat_minutes',
    );
    expect(rows.slice(1)).toEqual([
      `${site.id},Pocahontas fields,America/Chicago,2026-07-14,360,1080,0,360,0,0,0,0`,
      expect.stringMatching(
        new RegExp(
          `^${site.id},Pocahontas fields,America/Chicago,2026-07-15,\\d+,0,60,\\d+,0,60,0,0$`,
        ),
      ),
    ]);
    await bff.close();
  });
});

describe('the stand-down report’s refusals', () => {
  it('names the parameter and the rule, and an unknown site', async () => {
    const bff = await startBff(simulator, { SKYDECK_ADMIN_PASSWORD: admin.password });
    const cookie = await signIn(bff);
    const ask = async (query: string) => {
      const response = await fetch(`${bff.url}/api/reports/standdown?${query}`, {
        headers: { Cookie: cookie },
      });
      return { status: response.status, ...((await response.json()) as { error?: string }) };
    };
    expect(await ask('to=2026-07-15')).toEqual({
      status: 400,
      error: 'Missing parameter "from": it is required',
    });
    expect(await ask('from=2026-02-30&to=2026-03-01')).toEqual({
      status: 400,
      error: 'Invalid from: must be a date YYYY-MM-DD, like 2026-07-15',
    });
    expect(await ask('from=2026-07-15&to=2026-07-14')).toEqual({
      status: 400,
      error: 'Invalid to: must not be before from',
    });
    expect(await ask('from=2025-07-14&to=2026-07-15')).toEqual({
      status: 400,
      error: 'Invalid to: a report covers at most 366 days from from',
    });
    expect(await ask('from=2025-07-15&to=2026-07-15')).toMatchObject({ status: 200 });
    expect(await ask('from=2026-07-15&to=2026-07-15&format=xml')).toEqual({
      status: 400,
      error: 'Invalid format: must be one of json, csv',
    });
    expect(await ask('from=2026-07-15&to=2026-07-15&site=nope')).toEqual({
      status: 404,
      error: 'No site nope',
    });
  });
});
