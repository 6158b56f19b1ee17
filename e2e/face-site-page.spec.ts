import { expect, type Page, test } from '@playwright/test';
import { mapDrawn } from './page-settled';
import { searchOfSite, watchLightningQuery } from '../src/shared/safety/lightning-plan';
import { outerRingKm, type SitePolicy } from '../src/shared/safety/site-policy';

/**
 * A site's page as a crew opens it from an alarm (issue 27, items 2 and 3): with lightning on it
 * draws the strikes the watch judged; the alarm's link opens on the site, its outer ring filling
 * the map, and the page fits a 390 px phone.
 */

interface Site {
  id: string;
  name: string;
  lat: number;
  lon: number;
  policy: SitePolicy;
  status: { level: string; reasons: string[] };
}

/** A watched site (of the demo's, seeded on the BFF's first start) at CAUTION or STOP for lightning. */
async function siteHeldByLightning(page: Page): Promise<{ site: Site; sites: Site[] }> {
  const answer = await page.request.get('/api/sites');
  expect(answer.status()).toBe(200);
  const { sites } = (await answer.json()) as { sites: Site[] };
  const site = sites.find(
    (candidate) =>
      (candidate.status.level === 'caution' || candidate.status.level === 'stop') &&
      candidate.status.reasons.some((reason) => reason.startsWith('lightning:')),
  );
  expect(site, 'a demo site at CAUTION or STOP for lightning at the pinned time').toBeDefined();
  return { site: site!, sites };
}

/** The alarm's link to a site's page, as every channel sends it (shared/api/channels.ts). */
const alarmLink = (id: string) => `/?v=3&view=board&site=${encodeURIComponent(id)}`;

interface DrawnStrike {
  distance_km: number;
  bearing_cardinal: string;
  t: number;
}

/** The strikes the map has drawn on its strike layer, as their properties. */
function drawnStrikes(page: Page): Promise<DrawnStrike[]> {
  return page.evaluate(() => {
    const map = window.__skydeckMap;
    if (!map?.getLayer('lightning-strikes')) return [];
    return map
      .queryRenderedFeatures({ layers: ['lightning-strikes'] })
      .map((feature) => feature.properties as DrawnStrike);
  });
}

test('a site page with lightning on draws the strikes the watch judged the site on', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const { site, sites } = await siteHeldByLightning(page);
  const outerKm = outerRingKm(site.policy);
  // The watch's own search for the site: the page asks the very same, so the BFF's cache answers
  // both with one answer.
  const search = searchOfSite(sites, site.id)!;
  const asked = page.waitForRequest((request) => request.url().includes('/api/current/lightning?'));
  await page.goto(`${alarmLink(site.id)}&layers=lightning`);
  await expect(page.getByTestId('site-page')).toBeVisible();
  const query = Object.fromEntries(new URL((await asked).url()).searchParams);
  expect(query).toEqual(
    Object.fromEntries(
      Object.entries(watchLightningQuery(search)).map(([name, value]) => [name, String(value)]),
    ),
  );
  expect(Number(query.search_distance_km)).toBeGreaterThanOrEqual(outerKm);

  // Drawn: strikes, every one inside the site's outer ring, and the one the watch cites among
  // them (its evidence: "strike 23.1 km NW at …").
  await mapDrawn(page);
  const reasons = await page.getByTestId('site-reasons').innerText();
  const cited = /strike (\d+(?:\.\d)?) km ([NESW]{1,3})/.exec(reasons);
  expect(cited, `the lightning reason's evidence in “${reasons}”`).not.toBeNull();
  const citedKm = Number(cited![1]);
  await expect
    .poll(
      async () =>
        (await drawnStrikes(page)).some(
          (strike) =>
            Math.abs(strike.distance_km - citedKm) <= 0.051 &&
            strike.bearing_cardinal === cited![2],
        ),
      { message: `a drawn strike ${citedKm} km ${cited![2]} of the site`, timeout: 30_000 },
    )
    .toBe(true);
  const strikes = await drawnStrikes(page);
  expect(strikes.length).toBeGreaterThan(1);
  for (const strike of strikes) expect(strike.distance_km).toBeLessThanOrEqual(outerKm);
  // The level's ring holds a strike: CAUTION's caution ring, STOP's stop ring.
  const ringKm =
    site.status.level === 'stop'
      ? site.policy.lightning.rings.stop
      : (site.policy.lightning.rings.caution ?? site.policy.lightning.rings.stop);
  expect(Math.min(...strikes.map((strike) => strike.distance_km))).toBeLessThanOrEqual(ringKm);
  await page.screenshot({ path: 'test-results/screenshots/face-site-page-strikes.png' });
});

for (const screen of [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
]) {
  test(`the alarm's link opens on the site, its outer ring filling the map, on a ${screen.name}`, async ({
    page,
  }) => {
    await page.setViewportSize(screen.viewport);
    const { site } = await siteHeldByLightning(page);
    await page.goto(alarmLink(site.id));
    await expect(page.getByTestId('site-page')).toBeVisible();
    // The page frames the site once its sites are in: the link then holds the map's centre.
    await expect(page).toHaveURL(/[?&]c=/);
    await mapDrawn(page);

    // The outer ring's box, 1 km of latitude being 1/111.2 of a degree.
    const outerKm = outerRingKm(site.policy);
    const ring = {
      north: site.lat + outerKm / 111.2,
      south: site.lat - outerKm / 111.2,
      halfLon: outerKm / 111.2 / Math.cos((site.lat * Math.PI) / 180),
    };
    const view = await page.evaluate(() => {
      const map = window.__skydeckMap!;
      const bounds = map.getBounds();
      return {
        west: bounds.getWest(),
        east: bounds.getEast(),
        south: bounds.getSouth(),
        north: bounds.getNorth(),
        zoom: map.getZoom(),
      };
    });
    // Every check reported, not only the first to fail. The whole ring in view...
    expect.soft(view.north).toBeGreaterThanOrEqual(ring.north);
    expect.soft(view.south).toBeLessThanOrEqual(ring.south);
    expect.soft(view.west).toBeLessThanOrEqual(site.lon - ring.halfLon);
    expect.soft(view.east).toBeGreaterThanOrEqual(site.lon + ring.halfLon);
    // ...and filling the map along its tighter side, not a dot on the world.
    const fill = Math.max(
      (ring.north - ring.south) / (view.north - view.south),
      (2 * ring.halfLon) / (view.east - view.west),
    );
    expect.soft(fill).toBeGreaterThan(0.6);
    expect.soft(view.zoom).toBeGreaterThan(6);

    // No sideways scrolling: the timeline's columns scroll inside their own box.
    await expect(page.getByTestId('event-row').first()).toBeVisible();
    const widths = await page.evaluate(() => ({
      page: document.scrollingElement!.scrollWidth,
      timelineRight: Math.max(
        ...[...document.querySelectorAll('[data-testid="site-page"] .data-table')].map(
          (table) => table.getBoundingClientRect().right,
        ),
      ),
    }));
    expect.soft(widths.page).toBeLessThanOrEqual(screen.viewport.width);
    expect.soft(widths.timelineRight).toBeLessThanOrEqual(screen.viewport.width);
    await page.screenshot({
      path: `test-results/screenshots/face-site-page-alarm-link-${screen.name}.png`,
      fullPage: true,
    });
  });
}
