import { expect, type Page, test } from '@playwright/test';
import { advanceUntil } from './page-settled';

interface Observation {
  city_name: string;
  state_code: string;
  country_code: string;
  temp: number;
}

async function observationAt(page: Page, lat: string, lon: string): Promise<Observation> {
  const response = await page.request.get(`/api/current?lat=${lat}&lon=${lon}&units=M`);
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { data: Observation[] };
  return body.data[0] as Observation;
}

/** What the dashboard calls a point: the BFF's name for it, regions and countries spelled out. */
async function pointNameAt(page: Page, lat: string, lon: string): Promise<string> {
  const response = await page.request.get(`/api/places/at?lat=${lat}&lon=${lon}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { label: string }).label;
}

async function mapReady(page: Page) {
  await expect(page.locator('.map')).toHaveAttribute('data-map-ready', 'true');
  // Wait for the basemap to finish drawing, so screenshots show it.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const map = window.__skydeckMap;
        if (!map || map.loaded()) resolve();
        else map.once('idle', () => resolve());
      }),
  );
}

test('a deep link restores the selected place, the zoom and the weather', async ({ page }) => {
  await page.goto('/?lat=40.71&lon=-74.01&z=6');
  const expected = await observationAt(page, '40.71', '-74.01');

  const name = await pointNameAt(page, '40.71', '-74.01');
  await expect(page.getByTestId('place-name')).toHaveText(name);
  expect(name).toBe('New York City, New York, United States');
  expect(expected.city_name).toBe('New York City');
  await expect(page.getByTestId('temperature')).toHaveText(`${expected.temp.toFixed(0)} °C`);
  await expect(page.getByText('Demo data')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Alerts' })).toBeVisible();

  await mapReady(page);
  const view = await page.evaluate(() => {
    const map = window.__skydeckMap;
    return map
      ? { zoom: map.getZoom(), lat: map.getCenter().lat, lon: map.getCenter().lng }
      : undefined;
  });
  expect(view?.zoom).toBeCloseTo(6, 5);
  expect(view?.lat).toBeCloseTo(40.71, 3);
  expect(view?.lon).toBeCloseTo(-74.01, 3);
  await expect(page.getByRole('img', { name: /Selected point 40\.7100, -74\.0100/ })).toBeVisible();

  await page.screenshot({ path: 'test-results/screenshots/dashboard-new-york.png' });
});

test('clicking the map selects the point, adds it to the history and loads its weather', async ({
  page,
}) => {
  await page.goto('/?lat=40.71&lon=-74.01&z=5');
  await expect(page.getByTestId('place-name')).toHaveText('New York City, New York, United States');
  await mapReady(page);
  const historyBefore = await page.evaluate(() => history.length);

  const canvas = page.locator('.map canvas');
  const box = await canvas.boundingBox();
  if (!box) throw new Error('the map canvas has no box');
  // Whole CSS pixels, so the browser does not round the click away from the point we project.
  const click = {
    x: Math.round(box.x + box.width * 0.3),
    y: Math.round(box.y + box.height * 0.65),
  };
  const offset = { x: click.x - box.x, y: click.y - box.y };
  const target = await page.evaluate(({ x, y }) => {
    const point = window.__skydeckMap?.unproject([x, y]);
    return point ? { lat: point.lat, lon: point.lng } : undefined;
  }, offset);
  if (!target) throw new Error('the map did not unproject the click point');

  await page.mouse.click(click.x, click.y);

  await expect(page).toHaveURL((url) => {
    const lat = Number(url.searchParams.get('lat'));
    const lon = Number(url.searchParams.get('lon'));
    return Math.abs(lat - target.lat) < 0.001 && Math.abs(lon - target.lon) < 0.001;
  });
  const url = new URL(page.url());
  const point = [url.searchParams.get('lat') ?? '', url.searchParams.get('lon') ?? ''] as const;
  const expected = await observationAt(page, ...point);
  await expect(page.getByTestId('place-name')).toHaveText(await pointNameAt(page, ...point));
  await expect(page.getByTestId('temperature')).toHaveText(`${expected.temp.toFixed(0)} °C`);
  // Picking a place is navigation: one history entry, so Back returns to New York.
  expect(await page.evaluate(() => history.length)).toBe(historyBefore + 1);

  await page.screenshot({ path: 'test-results/screenshots/dashboard-after-click.png' });
});

test('the keyboard alone can pan the map and pick a point', async ({ page }) => {
  await page.goto('/?z=4&c=35.78,-78.64');
  await expect(page.getByRole('heading', { name: 'Pick a place' })).toBeVisible();
  await mapReady(page);
  await page.locator('.map canvas').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/[?&]lat=/);
  await expect(page.getByTestId('place-name')).toBeVisible();
});

test('a failing server shows a designed error with a retry, not a blank panel', async ({
  page,
}) => {
  await page.route('**/api/current?*', (route) =>
    route.fulfill({
      status: 502,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'The weather provider could not be reached' }),
    }),
  );
  // The page retries with backoff before it gives up: the test's clock waits that out.
  await page.clock.install();
  await page.goto('/?lat=51.5&lon=-0.12');
  const alert = page.getByRole('alert').filter({ hasText: 'Current conditions unavailable' });
  await advanceUntil(page, () => alert.isVisible());
  await expect(alert).toContainText('The weather provider could not be reached');
  await page.unroute('**/api/current?*');
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('place-name')).toHaveText(/London/);
});

test('a link with nonsense parameters opens the plain map rather than failing', async ({
  page,
}) => {
  await page.goto('/?lat=abc&lon=999&z=banana');
  await expect(page.getByRole('heading', { name: 'Pick a place' })).toBeVisible();
  await mapReady(page);
});

test('panning the map re-renders neither the map component nor the panels', async ({ page }) => {
  await page.addInitScript(() => {
    window.__skydeckRenders = {};
  });
  await page.goto('/?lat=36.5&lon=-91&z=7&layers=lightning&panel=daily');
  await mapReady(page);
  await expect(page.getByTestId('safety-level')).toBeVisible();
  await page.evaluate(() => (window.__skydeckRenders = {}));
  const before = page.url();
  const box = (await page.locator('.map').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 10; step += 1)
    await page.mouse.move(box.x + box.width / 2 - step * 15, box.y + box.height / 2 - step * 5);
  await page.mouse.up();
  // The pan is written to the link when it ends…
  await expect.poll(() => page.url()).not.toBe(before);
  expect(new URL(page.url()).searchParams.get('c')).not.toBeNull();
  // …and nothing that does not show the map's position drew again for it.
  const renders = await page.evaluate(() => ({ ...window.__skydeckRenders }));
  for (const name of ['WeatherMap', 'App', 'SelectionPanel', 'PanelDock', 'LightningLayer'])
    expect(renders[name] ?? 0, name).toBe(0);
});
