import { expect, type Page, test } from '@playwright/test';
import { destination } from '../src/shared/geo/great-circle';
import { simulatorNow } from './playwright.config';

/**
 * Issue 27 items 12 and 13, on the page: the demo world agrees with itself (a place at STOP
 * with a strike close by reports a thunderstorm with rain, and its next hour starts at that
 * rate), and Antarctica is Antarctica in Antarctic time.
 */

/** Pocahontas, Arkansas: a storm in the simulated world at the pinned time. */
const storm = { lat: 36.5, lon: -91 };

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(new Date(simulatorNow));
});

interface Strike {
  lat: number;
  lon: number;
  distance_km: number;
  past_mins: number;
}

async function strikesAround(page: Page, point: { lat: number; lon: number }, km: number) {
  const answer = await page.request.get(
    `/api/current/lightning?lat=${point.lat}&lon=${point.lon}&search_distance_km=${km}&search_mins=15&sort=distance&limit=1000`,
  );
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { lightning: Strike[] }).lightning;
}

async function settled(page: Page) {
  await expect(page.locator('.map')).toHaveAttribute('data-map-ready', 'true');
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const map = window.__skydeckMap;
        if (!map || (map.loaded() && !map.isMoving())) resolve();
        else map.once('idle', () => resolve());
      }),
  );
}

/** The number in a reading such as "7.4 mm/h". */
function rateOf(text: string): number {
  const match = /(\d+(?:\.\d+)?)\s*mm\/h/.exec(text);
  expect(match, text).not.toBeNull();
  return Number(match![1]);
}

test('a place at STOP with a strike 1.8 km away reports a thunderstorm with rain, and its next hour starts at that rate', async ({
  page,
}) => {
  // A recent strike in the storm, and a place 1.8 km east of it (the case).
  const recent = (await strikesAround(page, storm, 20)).find((strike) => strike.past_mins <= 10);
  expect(recent).toBeDefined();
  const spot = destination(recent!.lat, recent!.lon, 90, 1.8);
  const place = { lat: Number(spot.lat.toFixed(4)), lon: Number(spot.lon.toFixed(4)) };
  const near = await strikesAround(page, place, 5);
  expect(near[0]!.distance_km).toBeLessThanOrEqual(1.85);

  await page.goto(`/?lat=${place.lat}&lon=${place.lon}&z=10&layers=lightning&panel=minutely`);
  await expect(page.getByTestId('safety-level')).toHaveText('STOP');
  await expect(page.getByTestId('condition')).toHaveText(/^Thunderstorm with /);
  const precipitation = page.locator('.readings__item', { hasText: 'Precipitation' }).locator('dd');
  await expect(precipitation).toHaveText(/\d mm\/h/);
  const current = rateOf(await precipitation.innerText());
  expect(current).toBeGreaterThan(0);

  // The chart's first minute is the current rate (the card rounds to 0.1, the table to 0.01).
  await expect(page.locator('.minute-bar--rain')).toHaveCount(60);
  await expect(page.getByTestId('minutely-summary')).toHaveText(/^Rain /);
  await settled(page);
  await page.screenshot({ path: 'test-results/screenshots/face-demo-stop-thunderstorm.png' });
  await page
    .locator('.current')
    .screenshot({ path: 'test-results/screenshots/face-demo-stop-current-card.png' });
  await page.getByRole('button', { name: 'Table', exact: true }).click();
  const first = page.getByRole('table').locator('tbody tr').first().locator('td').first();
  const minute = Number(await first.innerText());
  expect(Math.abs(minute - current)).toBeLessThanOrEqual(0.05);
  await page.screenshot({ path: 'test-results/screenshots/face-demo-stop-minutely-table.png' });
});

for (const [name, lat, zone, label] of [
  ['the South Pole', -90, 'Antarctica/McMurdo', 'Antarctica, 90.00°S, 0.00°E'],
  ['80°S 0°E', -80, 'Antarctica/Troll', 'Antarctica, 80.00°S, 0.00°E'],
] as const) {
  test(`${name} is Antarctica, in an Antarctic time zone`, async ({ page }) => {
    await page.goto(`/?lat=${lat}&lon=0&z=2`);
    await expect(page.getByTestId('place-name')).toHaveText(label);
    await expect(page.locator('.current__time')).toContainText(zone);
    await expect(page.locator('.current')).not.toContainText('At sea');
    await expect(page.locator('.current')).not.toContainText('Johannesburg');
    await settled(page);
    // Nor does the map's pin name the provider's town thousands of kilometres off (Ushuaia).
    const pinNames = await page.evaluate(() => {
      const map = window.__skydeckMap!;
      if (!map.getLayer('selection-label')) return [];
      return map
        .queryRenderedFeatures({ layers: ['selection-label'] })
        .map((feature) => String(feature.properties.name));
    });
    expect(pinNames).toEqual([]);
    await expect(page.getByTestId('selection-marker')).toHaveAttribute(
      'aria-label',
      /^Selected point [-\d., ]+$/,
    );
    await page.screenshot({
      path: `test-results/screenshots/face-demo-${lat === -90 ? 'south-pole' : '80s-0e'}.png`,
    });
  });
}
