import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SiteJson } from '../../shared/api/watch-answers';
import { closeAll, startBff, startSimulator } from '../testing/loopback';
import { admin, signIn, writeHeaders } from '../testing/operator';

/**
 * What a site's screens need to show its times in the place's zone and to say whose data is old:
 * the site's zone (from the provider's answers for its point) and the feed its data age is of.
 */
let simulator: string;

beforeAll(async () => {
  simulator = await startSimulator();
});
afterAll(closeAll);

describe('a site’s zone and the feed its data age is of', () => {
  it('names the zone of the site’s point and the oldest feed', async () => {
    const bff = await startBff(simulator, { SKYDECK_ADMIN_PASSWORD: admin.password });
    const cookie = await signIn(bff);
    const created = await fetch(`${bff.url}/api/sites`, {
      method: 'POST',
      headers: { ...writeHeaders, Cookie: cookie },
      body: JSON.stringify({ name: 'Pocahontas yard', lat: 36.5, lon: -91 }),
    });
    expect(created.status).toBe(201);
    const { site } = (await created.json()) as { site: SiteJson };
    expect(site.timezone).toBe('America/Chicago');
    expect(site.status.data_age_s).not.toBeNull();
    expect(['lightning', 'alerts', 'current']).toContain(site.status.data_age_feed);

    const listed = (await (await fetch(`${bff.url}/api/sites`)).json()) as { sites: SiteJson[] };
    expect(listed.sites.find((candidate) => candidate.id === site.id)?.timezone).toBe(
      'America/Chicago',
    );
  });
});
