import { expect, type Page, test } from '@playwright/test';
import { mapDrawn } from './page-settled';
import { simulatorNow } from './playwright.config';

/**
 * The map's lightning rule is the watch's: a link may set its own, but never turn a STOP into
 * a green ALL CLEAR without saying so; a point that is a watched site is judged by the site's
 * policy and shows the watch's level; and the Map view shows the watched sites (issue 27, items
 * 1 and 11).
 */

/** Pocahontas, Arkansas: a storm in the simulated world at the pinned time (nearest strike 6.9 km). */
const storm = { lat: 36.5, lon: -91 };

interface ApiSite {
  id: string;
  name: string;
  lat: number;
  lon: number;
  policy: {
    preset: string;
    lightning: { rings: { stop: number; caution: number | null }; all_clear_minutes: number };
  };
  status: { level: 'stop' | 'caution' | 'watch' | 'clear' | 'no_data' };
}

const levelWords = {
  stop: 'STOP',
  caution: 'CAUTION',
  watch: 'WATCH',
  clear: 'CLEAR',
  no_data: 'NO DATA',
} as const;

async function sites(page: Page): Promise<ApiSite[]> {
  return ((await (await page.request.get('/api/sites')).json()) as { sites: ApiSite[] }).sites;
}

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(new Date(simulatorNow));
});

test('a link that weakens the rule where the standard says STOP gets a notice, the weaker rule named, and no green ALL CLEAR', async ({
  page,
}) => {
  await page.goto(
    `/?lat=${storm.lat}&lon=${storm.lon}&z=9&layers=lightning&stop_km=1&caution_km=1&clear_min=5`,
  );
  // An all-clear under 10 minutes is refused, naming the key and the rule.
  await expect(page.getByTestId('link-notice')).toContainText(
    '“clear_min=5” is not valid: clear_min must be a whole number from 10 to 60 minutes',
  );
  const status = page.getByTestId('safety-status');
  await expect(page.getByTestId('safety-level')).toHaveText('CLEAR ONLY BY A WEAKER RULE');
  await expect(status).toHaveAttribute('data-level', 'weaker');
  await expect(status).not.toContainText('ALL CLEAR');
  const custom = page.getByTestId('safety-custom-rule');
  await expect(custom).toContainText(
    'Custom rule from this link: stop within 1 km, caution within 1 km, all clear after 30 min — weaker than the standard: stop within 12.9 km and caution within 24.1 km',
  );
  // What the standard decides on the same strikes, beside it.
  await expect(page.getByTestId('safety-baseline')).toContainText(
    /The standard rule says STOP \(nearest strike \d+\.\d km\)/,
  );
  // Not the green of ALL CLEAR: neither the card's ground nor its level's colour.
  const colours = await page.evaluate(() => {
    const card = document.querySelector('[data-testid="safety-status"]')!;
    const level = document.querySelector('[data-testid="safety-level"]')!;
    const probe = document.createElement('div');
    document.body.append(probe);
    const of = (token: string) => {
      probe.style.color = `var(${token})`;
      return getComputedStyle(probe).color;
    };
    const green = [of('--clear'), of('--clear-text'), of('--clear-surface')];
    probe.remove();
    return {
      green,
      ground: getComputedStyle(card).backgroundColor,
      edge: getComputedStyle(card).borderTopColor,
      text: getComputedStyle(level).color,
    };
  });
  expect(colours.green).not.toContain(colours.ground);
  expect(colours.green).not.toContain(colours.edge);
  expect(colours.green).not.toContain(colours.text);
  await mapDrawn(page);
  await page.screenshot({ path: 'test-results/screenshots/face-rule-weaker-link.png' });

  // The standard rule itself, on the same place: STOP, and no custom-rule words.
  await page.goto(`/?lat=${storm.lat}&lon=${storm.lon}&z=9&layers=lightning`);
  await expect(page.getByTestId('safety-level')).toHaveText('STOP');
  await expect(page.getByTestId('safety-custom-rule')).toHaveCount(0);
  await expect(status).toContainText('Stop within 12.9 km · caution within 24.1 km');

  // A stricter link rule may decide, but still says it is not the standard.
  await page.goto(
    `/?lat=${storm.lat}&lon=${storm.lon}&z=9&layers=lightning&stop_km=20&caution_km=30&clear_min=40`,
  );
  await expect(page.getByTestId('safety-level')).toHaveText('STOP');
  await expect(page.getByTestId('safety-custom-rule')).toContainText(
    'Custom rule from this link: stop within 20 km, caution within 30 km, all clear after 40 min — stricter than the standard',
  );
});

test('an all-clear longer than the map’s 45-minute search is never claimed from it', async ({
  page,
}) => {
  // Far from any storm: the 45 minutes the search sees are empty, the hour the rule needs is not.
  await page.goto('/?lat=-33.87&lon=151.21&z=9&layers=lightning&clear_min=60');
  await expect(page.getByTestId('link-notice')).toHaveCount(0);
  await expect(page.getByTestId('safety-level')).toHaveText('CANNOT CONFIRM');
  await expect(page.getByTestId('safety-detail')).toContainText(
    "in the last 45 min, the farthest back the map's search reaches; the rule's all clear takes 60 min",
  );
  await expect(page.getByTestId('safety-status')).toHaveAttribute('data-level', 'unconfirmed');
  // The standard's 30 minutes are within what the search saw: that much it may say.
  await expect(page.getByTestId('safety-baseline')).toHaveText('The standard rule says ALL CLEAR.');
  await mapDrawn(page);
  await page.screenshot({ path: 'test-results/screenshots/face-rule-sixty-minutes.png' });
});

test('a point that is a watched site is judged by the site’s policy and shows the watch’s level', async ({
  page,
}) => {
  const crane = (await sites(page)).find((site) => site.policy.preset === 'crane');
  expect(crane, 'a demo site on the crane preset').toBeDefined();
  const site = crane!;
  await page.goto(`/?lat=${site.lat}&lon=${site.lon}&z=9&layers=lightning`);
  const watched = page.getByTestId('safety-watched-site');
  await expect(watched).toContainText(`Watched site ${site.name}: the watch says`);
  // The level the watch has for it now (it may change while the test runs: read it again).
  await expect
    .poll(async () => {
      const now = (await sites(page)).find((candidate) => candidate.id === site.id)!;
      return (await page.getByTestId('safety-watch-level').textContent()) ===
        levelWords[now.status.level]
        ? 'agrees'
        : 'differs';
    })
    .toBe('agrees');
  // The card is never calmer than the watch: its headline is the watch's level when that is
  // worse than lightning alone (a STOP for heat is a STOP), never ALL CLEAR then.
  const level = (await sites(page)).find((candidate) => candidate.id === site.id)!.status.level;
  if (level !== 'clear') await expect(page.getByTestId('safety-level')).not.toHaveText('ALL CLEAR');
  if (level === 'stop') await expect(page.getByTestId('safety-level')).toHaveText('STOP');
  // The site's policy is the rule: its 10-mile stop ring, not the standard's 8 miles.
  const { rings, all_clear_minutes } = site.policy.lightning;
  await expect(page.getByTestId('safety-status')).toContainText(
    `Stop within ${rings.stop} km · caution within ${rings.caution} km · all clear after ${all_clear_minutes} min`,
  );
  await expect(page.getByTestId('safety-custom-rule')).toHaveCount(0);
  await mapDrawn(page);
  await page.screenshot({ path: 'test-results/screenshots/face-rule-watched-site.png' });

  // A link's rule at the site is measured against the site's policy, not the standard.
  await page.goto(
    `/?lat=${site.lat}&lon=${site.lon}&z=9&layers=lightning&stop_km=12.9&clear_min=20`,
  );
  await expect(page.getByTestId('safety-custom-rule')).toContainText(
    `weaker than the policy of ${site.name}: all clear after ${all_clear_minutes} min`,
  );
});

test('the Map view shows the watched sites: their markers with their level, and their rings', async ({
  page,
}) => {
  const all = await sites(page);
  const us = all.filter((site) => site.lon < -80 && site.lon > -100);
  expect(us.length).toBeGreaterThanOrEqual(4);
  await page.goto('/?v=3&c=32,-91&z=4.6');
  await mapDrawn(page);
  const drawn = async () =>
    page.evaluate(() => {
      const map = window.__skydeckMap!;
      if (!map.getLayer('watch-sites')) return { points: [], rings: 0 };
      return {
        points: map
          .queryRenderedFeatures({ layers: ['watch-sites'] })
          .map(
            (feature) => `${feature.properties.id as string}:${feature.properties.level as string}`,
          ),
        rings: map.queryRenderedFeatures({ layers: ['watch-site-rings'] }).length,
      };
    });
  await expect.poll(async () => (await drawn()).points.length).toBeGreaterThanOrEqual(us.length);
  const now = await sites(page);
  const { points, rings } = await drawn();
  for (const site of us) {
    const level = now.find((candidate) => candidate.id === site.id)!.status.level;
    expect(points).toContain(`${site.id}:${level}`);
  }
  expect(rings).toBeGreaterThanOrEqual(us.length);
  // The Map view keeps the place its link asked for: the sites do not reframe it.
  expect(new URL(page.url()).searchParams.get('c')).toBe('32,-91');
  await page.screenshot({ path: 'test-results/screenshots/face-rule-map-sites.png' });

  // A click on a site's marker selects the site's own point, and the card names the site.
  const target = us[0]!;
  await page.goto(`/?v=3&c=${target.lat},${target.lon}&z=9&layers=lightning`);
  await mapDrawn(page);
  await expect.poll(async () => (await drawn()).points.length).toBeGreaterThanOrEqual(1);
  const box = (await page.locator('.map canvas').boundingBox())!;
  const pixel = await page.evaluate(({ lat, lon }) => window.__skydeckMap!.project([lon, lat]), {
    lat: target.lat,
    lon: target.lon,
  });
  await page.mouse.click(box.x + pixel.x, box.y + pixel.y);
  await expect.poll(() => new URL(page.url()).searchParams.get('lat')).toBe(String(target.lat));
  await expect(page.getByTestId('safety-watched-site')).toContainText(target.name);
});
