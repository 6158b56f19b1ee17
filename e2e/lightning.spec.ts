import { expect, type Page, test } from '@playwright/test';
import { simulatorNow } from './playwright.config';

/** Pocahontas, Arkansas: a storm in the simulated world at the pinned time (nearest strike 6.9 km). */
const storm = { lat: 36.5, lon: -91 };

async function mapIdle(page: Page) {
  await expect(page.locator('.map')).toHaveAttribute('data-map-ready', 'true');
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const map = window.__skydeckMap;
        if (!map || (map.loaded() && map.getSource('lightning'))) resolve();
        else map.once('idle', () => resolve());
      }),
  );
}

async function renderedStrikes(page: Page): Promise<number> {
  return page.evaluate(() => {
    const map = window.__skydeckMap;
    if (!map?.getLayer('lightning-strikes')) return -1;
    const ids = new Set(
      map
        .queryRenderedFeatures({ layers: ['lightning-strikes'] })
        .map((f) => JSON.stringify(f.geometry)),
    );
    return ids.size;
  });
}

test.beforeEach(async ({ page }) => {
  // The browser's clock reads the simulated "now", so strike ages and the countdown are real.
  await page.clock.setFixedTime(new Date(simulatorNow));
});

test('the lightning layer draws every strike the API returns and the site is told to STOP', async ({
  page,
}) => {
  await page.goto(`/?lat=${storm.lat}&lon=${storm.lon}&z=9&layers=lightning`);
  const api = (await (
    await page.request.get(
      `/api/current/lightning?lat=${storm.lat}&lon=${storm.lon}&search_distance_km=20&search_mins=30&sort=time&limit=2500&output_type=geojson`,
    )
  ).json()) as { count: number; features: { properties: { distance_km: number } }[] };
  expect(api.count).toBeGreaterThan(20);

  await expect(page.getByTestId('safety-level')).toHaveText('STOP');
  const nearest = Math.min(...api.features.map((f) => f.properties.distance_km));
  await expect(page.getByTestId('safety-status')).toContainText(
    `Nearest strike ${nearest.toFixed(1)} km`,
  );
  await expect(page.getByRole('group', { name: 'Lightning strike age' })).toBeVisible();

  await mapIdle(page);
  await expect.poll(() => renderedStrikes(page)).toBe(api.count);
  await page.screenshot({ path: 'test-results/screenshots/lightning-stop.png' });
});

test('a deep link restores the layer and the safety rule; the toggle writes the URL', async ({
  page,
}) => {
  // With a 5 km stop radius the strike 6.9 km away means CAUTION, not STOP.
  await page.goto(`/?lat=${storm.lat}&lon=${storm.lon}&z=9&layers=lightning&stop_km=5`);
  await expect(page.getByTestId('safety-level')).toHaveText('CAUTION');
  await expect(page.getByLabel('Stop radius (km)')).toHaveValue('5');

  await page.getByLabel('Stop radius (km)').fill('8');
  await expect(page).toHaveURL(/stop_km=8/);
  await expect(page.getByTestId('safety-level')).toHaveText('STOP');

  const toggle = page.getByRole('button', { name: 'Lightning' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await toggle.click();
  await expect(page).not.toHaveURL(/layers=lightning/);
  await expect(page.getByTestId('safety-status')).toHaveCount(0);
  await toggle.click();
  await expect(page).toHaveURL(/layers=lightning/);
  await expect(page.getByTestId('safety-level')).toHaveText('STOP');
});

test('a calm place is ALL CLEAR', async ({ page }) => {
  await page.goto('/?lat=51.5&lon=-0.12&layers=lightning');
  await expect(page.getByTestId('safety-level')).toHaveText('ALL CLEAR');
});
