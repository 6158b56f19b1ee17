import { afterAll, describe, expect, it } from 'vitest';
import { type OutlookResponse, outlookResponseSchema } from '../../shared/api/outlook-answers';
import type { SiteJson } from '../../shared/api/watch-answers';
import type { SitePolicyInput } from '../../shared/safety/site-policy';
import {
  type Bff,
  closeAll,
  forwardTo,
  startBff,
  startSimulator,
  startStubProvider,
} from '../testing/loopback';
import { admin, signIn, writeHeaders } from '../testing/operator';
import { stormSite } from '../testing/storm-site';
import { createPostgresDatabase, engines } from '../testing/test-database';

/**
 * The outlook over loopback: a BFF whose provider is the simulator at its pinned July afternoon
 * (2026-07-15 18:20Z), a site in Arkansas (the simulator's daily forecast there has gusts of
 * 16.5 m/s on the 16th and 21.4 m/s on the 20th, a heat index of 43 °C on the 22nd, and AQI 64 on
 * the 15th), judged with a policy whose limits those figures cross.
 */
afterAll(closeAll);

const policy: SitePolicyInput = {
  lightning: { rings: { stop: 13, caution: 24, watch: 40 }, all_clear_minutes: 30 },
  wind: { sustained_ms: { caution: null, stop: null }, gust_ms: { caution: 15, stop: 20 } },
  aqi: { caution: 60, stop: 101 },
  heat: {
    heat_index_c: { caution: 40.6, stop: 51.7 },
    wbgt_flag: { caution: null, stop: null },
  },
};

async function addSite(bff: Bff, cookie: string, body: object): Promise<SiteJson> {
  const response = await fetch(`${bff.url}/api/sites`, {
    method: 'POST',
    headers: { ...writeHeaders, Cookie: cookie },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { site: SiteJson }).site;
}

async function outlook(bff: Bff, siteId: string): Promise<OutlookResponse> {
  const response = await fetch(`${bff.url}/api/sites/${siteId}/outlook`);
  const body: unknown = await response.json();
  expect(response.status, JSON.stringify(body)).toBe(200);
  return outlookResponseSchema.parse(body);
}

async function forecastUnits(bff: Bff): Promise<number> {
  const quota = (await (await fetch(`${bff.url}/api/quota`)).json()) as {
    by_family: Record<string, number>;
  };
  return quota.by_family.forecast ?? 0;
}

describe.each(engines)('GET /api/sites/:id/outlook on %s', (engine) => {
  it('judges the 16 forecast days with the site’s policy, and costs two units an hour per point', async () => {
    const world = await startSimulator();
    const databaseUrl = engine === 'postgres' ? await createPostgresDatabase() : undefined;
    const bff = await startBff(world, {
      SKYDECK_ADMIN_PASSWORD: admin.password,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    });
    const cookie = await signIn(bff);
    const yard = await addSite(bff, cookie, { name: 'Yard', ...stormSite, policy });
    expect(await forecastUnits(bff)).toBe(0);

    const answer = await outlook(bff, yard.id);
    expect(answer.site_id).toBe(yard.id);
    expect(answer.generated_at).toBe('2026-07-15T18:20:00.000Z');
    expect(answer.days.map((day) => day.date)).toEqual(
      Array.from({ length: 16 }, (_, i) => `2026-07-${String(15 + i).padStart(2, '0')}`),
    );
    const byDate = new Map(answer.days.map((day) => [day.date, day]));
    expect(byDate.get('2026-07-15')).toMatchObject({
      verdict: 'marginal',
      reasons: ['air quality: AQI 64 ≥ caution 60'],
      values: { gust_ms: 9.8, aqi: 64, aqi_hours: 11 },
    });
    expect(byDate.get('2026-07-16')).toMatchObject({
      verdict: 'marginal',
      reasons: ['wind: gust 16.5 m/s ≥ caution 15 m/s', 'air quality: AQI 63 ≥ caution 60'],
    });
    expect(byDate.get('2026-07-17')).toMatchObject({
      verdict: 'marginal',
      reasons: ['wind: gust 15.3 m/s ≥ caution 15 m/s'],
    });
    // The air-quality forecast ends at noon on the 18th: its afternoon is judged without it,
    // and the day says so rather than turning marginal (the forecast's horizon is no fault).
    expect(byDate.get('2026-07-18')).toMatchObject({
      verdict: 'go',
      reasons: [],
      unjudged: ['air quality: forecast covers only 13 h of this day'],
    });
    expect(byDate.get('2026-07-21')).toMatchObject({
      verdict: 'go',
      reasons: [],
      unjudged: ['air quality: not forecast this far ahead'],
    });
    expect(byDate.get('2026-07-20')).toMatchObject({
      verdict: 'no_go',
      reasons: ['wind: gust 21.4 m/s ≥ stop 20 m/s'],
      unjudged: ['air quality: not forecast this far ahead'],
      values: { gust_ms: 21.4, aqi: null, aqi_hours: 0 },
    });
    expect(byDate.get('2026-07-22')).toMatchObject({
      verdict: 'marginal',
      reasons: ['heat: heat index 43.0 °C ≥ caution 40.6 °C'],
      unjudged: ['air quality: not forecast this far ahead'],
      values: { max_temp_c: 33.4, rh_percent: 66, heat_index_c: 43 },
    });
    // Every day the forecast reaches to its end is judged on every rule.
    expect(byDate.get('2026-07-17')?.unjudged).toEqual([]);

    // One daily and one air-quality request, one unit each, on the ledger like any other.
    expect(await forecastUnits(bff)).toBe(2);
    expect(await bff.upstreamCalls('forecast/daily')).toBe(1);
    expect(await bff.upstreamCalls('forecast/airquality')).toBe(1);
    // Asked again, and for another site on the same point: the cache answers, nothing is spent.
    const neighbour = await addSite(bff, cookie, { name: 'Gate', ...stormSite, policy });
    expect((await outlook(bff, yard.id)).days).toEqual(answer.days);
    expect((await outlook(bff, neighbour.id)).days).toEqual(answer.days);
    expect(await forecastUnits(bff)).toBe(2);
    // The cache keeps a forecast an hour: after it, two units again.
    bff.advance(3600);
    await outlook(bff, yard.id);
    expect(await forecastUnits(bff)).toBe(4);
    expect(await bff.upstreamCalls('forecast/daily')).toBe(2);

    const missing = await fetch(`${bff.url}/api/sites/no-such-site/outlook`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'No site no-such-site' });
  });
});

describe('GET /api/sites/:id/outlook when the provider fails', () => {
  it('judges without air quality when only that fails, and says why when the daily forecast fails', async () => {
    const world = await startSimulator();
    const forward = forwardTo(world);
    const failing = { daily: false, air: true };
    const provider = await startStubProvider((request, response) => {
      const path = request.url ?? '';
      if (
        (failing.air && path.includes('/forecast/airquality')) ||
        (failing.daily && path.includes('/forecast/daily'))
      )
        response
          .writeHead(500, { 'Content-Type': 'application/json' })
          .end('{"error":"Server Error"}');
      else forward(request, response);
    });
    const bff = await startBff(provider.url, { SKYDECK_ADMIN_PASSWORD: admin.password });
    const cookie = await signIn(bff);
    const yard = await addSite(bff, cookie, { name: 'Yard', ...stormSite, policy });

    const answer = await outlook(bff, yard.id);
    expect(answer.days).toHaveLength(16);
    // Clean air on the 18th by the forecast, but with no forecast to read it is not go.
    expect(answer.days.find((day) => day.date === '2026-07-18')).toMatchObject({
      verdict: 'marginal',
      reasons: ['air quality: no air-quality forecast to judge by'],
      unjudged: [],
      values: { aqi: null },
    });

    const other = await addSite(bff, cookie, {
      name: 'Elsewhere',
      lat: stormSite.lat + 1,
      lon: stormSite.lon,
      policy,
    });
    failing.daily = true;
    const refused = await fetch(`${bff.url}/api/sites/${other.id}/outlook`);
    expect(refused.status).toBe(502);
    expect(((await refused.json()) as { error: string }).error).toMatch(
      new RegExp(`^No daily forecast for site ${other.id}: `),
    );
  });
});
