import { expect, type Page, test } from '@playwright/test';
import { advanceUntil, mapDrawn } from './page-settled';
import { simulatorNow } from './playwright.config';
import { searchForRule, standardLightningRule } from '../src/shared/safety/lightning-rule';

/** Pocahontas, Arkansas: a storm in the simulated world at the pinned time (nearest strike 6.9 km). */
const storm = { lat: 36.5, lon: -91 };
/** The page's search: the 20 km asked for, widened to reach the standard rule's caution ring. */
const searchKm = searchForRule(standardLightningRule, { km: 20, minutes: 30 }).km;

async function mapIdle(page: Page) {
  await expect(page.locator('.map')).toHaveAttribute('data-map-ready', 'true');
  // The layer's code loads once the layer is on, so its source may come after the map's idle.
  await expect
    .poll(() => page.evaluate(() => window.__skydeckMap?.getSource('lightning') !== undefined))
    .toBe(true);
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
      `/api/current/lightning?lat=${storm.lat}&lon=${storm.lon}&search_distance_km=${searchKm}&search_mins=30&sort=time&limit=2500&output_type=geojson`,
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
  await page.getByLabel('Stop radius (km)').press('Enter');
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

test('a strike opens its details; the polar view agrees with the API', async ({ page }) => {
  await page.goto(`/?lat=${storm.lat}&lon=${storm.lon}&z=10&layers=lightning`);
  const api = (await (
    await page.request.get(
      `/api/current/lightning?lat=${storm.lat}&lon=${storm.lon}&search_distance_km=${searchKm}&search_mins=30&sort=distance&limit=1000&output_type=geojson`,
    )
  ).json()) as {
    count: number;
    features: {
      properties: { distance_km: number; bearing_cardinal: string; bearing_degrees: number };
    }[];
  };
  const nearest = api.features[0]!.properties;
  await expect(page.getByTestId('nearest-strike')).toHaveText(
    `Nearest: ${nearest.distance_km.toFixed(1)} km ${nearest.bearing_cardinal} (${nearest.bearing_degrees}°)`,
  );
  await expect(page.getByTestId('polar-plot').locator('circle[r="2.2"]')).toHaveCount(api.count);
  await page.getByText('Table of strikes by direction and by 5 minutes').click();
  const sectorCells = page
    .getByRole('table', { name: 'Strikes per compass sector' })
    .locator('tbody td');
  const sectorTotal = (await sectorCells.allTextContents()).reduce(
    (sum, text) => sum + Number(text),
    0,
  );
  expect(sectorTotal).toBe(api.count);

  await mapIdle(page);
  // A strike drawn on the map, waited for: the layer's data may land after the panel's.
  let target: { x: number; y: number } | undefined;
  await expect
    .poll(async () => {
      target = await page.evaluate(() => {
        const map = window.__skydeckMap!;
        const [feature] = map.queryRenderedFeatures({ layers: ['lightning-strikes'] });
        if (!feature || feature.geometry.type !== 'Point') return undefined;
        const point = map.project(feature.geometry.coordinates as [number, number]);
        const box = map.getCanvas().getBoundingClientRect();
        return { x: Math.round(box.left + point.x), y: Math.round(box.top + point.y) };
      });
      return target;
    })
    .toBeDefined();
  await page.mouse.click(target!.x, target!.y);
  const popup = page.getByTestId('strike-popup');
  await expect(popup).toBeVisible();
  // One unit system and one time basis, as the settings say (metric, the place's local time).
  await expect(popup).toContainText(/Distance\d+\.\d km/);
  await expect(popup).not.toContainText(/\d mi\b/);
  await expect(popup).toContainText(/\(\d+°\)/);
  await expect(popup).toContainText(/\d\d:\d\d:\d\d local/);
  // Clicking a strike does not move the selected point.
  await expect(page).toHaveURL(new RegExp(`lat=${storm.lat}&lon=${storm.lon}`));
  await page.screenshot({ path: 'test-results/screenshots/lightning-popup.png' });
});

test('the search controls live in the URL and say how fresh the data is', async ({ page }) => {
  await page.goto(`/?lat=${storm.lat}&lon=${storm.lon}&z=9&layers=lightning`);
  await expect(page.getByTestId('lightning-freshness')).toContainText('Updated');
  await page.getByRole('combobox', { name: /^Within/ }).selectOption('50');
  await page.getByRole('combobox', { name: /^Order/ }).selectOption('time');
  await expect(page).toHaveURL(/lkm=50/);
  await expect(page).toHaveURL(/lsort=time/);
  await expect(page.getByTestId('polar-plot')).toHaveAttribute('aria-label', /within 50 km/);
  await page.reload();
  await expect(page.getByRole('combobox', { name: /^Within/ })).toHaveValue('50');
  await expect(page.getByRole('combobox', { name: /^Order/ })).toHaveValue('time');
});

test('with no lightning the polar view keeps its size and says so', async ({ page }) => {
  await page.goto('/?lat=51.5&lon=-0.12&layers=lightning');
  await expect(page.getByTestId('nearest-strike')).toHaveText(
    `No lightning within ${searchKm} km in the last 30 minutes`,
  );
  const box = await page.getByTestId('polar-plot').boundingBox();
  expect(box?.width).toBeGreaterThan(200);
  expect(box?.height).toBeGreaterThan(200);
});

async function pulseAfterNewStrikes(page: Page): Promise<number> {
  // The first answer holds only strikes older than 10 minutes; the next brings the newer ones.
  let first = true;
  await page.route('**/api/current/lightning?*', async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as {
      features: { properties: { timestamp_utc: string } }[];
    };
    if (first) {
      first = false;
      const cutoff = Date.parse(simulatorNow) - 10 * 60_000;
      body.features = body.features.filter(
        (f) => Date.parse(`${f.properties.timestamp_utc}Z`) < cutoff,
      );
    }
    await route.fulfill({ response, json: body });
  });
  await page.goto(`/?lat=${storm.lat}&lon=${storm.lon}&z=9&layers=lightning`);
  await mapIdle(page);
  await expect(page.getByTestId('lightning-freshness')).toContainText('Updated');
  const polar = page.getByTestId('polar-plot');
  await expect(polar).toHaveAttribute('aria-label', /strikes within/);
  const olderOnly = (await polar.getAttribute('aria-label')) ?? '';
  // Watch the pulse threshold every frame from before the newer strikes are asked for until it
  // drops below "never" (they ring out) or the test says the newer strikes are drawn: sampling
  // only after the answer could miss a pulse that came and went.
  const lowest = page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let seen = Number.MAX_SAFE_INTEGER;
        const sample = () => {
          const since = window.__skydeckMap?.getGlobalState().pulseSince as number | undefined;
          if (since !== undefined) seen = Math.min(seen, since);
          if (seen < Number.MAX_SAFE_INTEGER || window.__newerStrikesDrawn) resolve(seen);
          else requestAnimationFrame(sample);
        };
        sample();
      }),
  );
  await page.getByRole('combobox', { name: /^Order/ }).selectOption('time');
  // The newer strikes are in (the plot counts them) and the map has drawn them: the pulse is
  // started in the same commit that hands the map its new data, so it would be on by now.
  await expect(polar).not.toHaveAttribute('aria-label', olderOnly);
  await expect(polar).toHaveAttribute('aria-label', /strikes within/);
  await mapDrawn(page);
  await page.evaluate(() => {
    window.__newerStrikesDrawn = true;
  });
  return lowest;
}

declare global {
  interface Window {
    /** Set by the pulse tests once the newer strikes are on the map. */
    __newerStrikesDrawn?: boolean;
  }
}

test('new strikes pulse once', async ({ page }) => {
  expect(await pulseAfterNewStrikes(page)).toBeLessThan(Number.MAX_SAFE_INTEGER);
});

test('nothing pulses under prefers-reduced-motion', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect(await pulseAfterNewStrikes(page)).toBe(Number.MAX_SAFE_INTEGER);
});

/** History's own units spent today: the page's current conditions spend others meanwhile. */
async function historySpent(page: Page): Promise<number> {
  const quota = (await (await page.request.get('/api/quota')).json()) as {
    by_family: { history: number };
  };
  return quota.by_family.history;
}

/** Every lightning history request the page makes, so a test can say none went out. */
function lightningHistoryRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/history/lightning')) seen.push(request.url());
  });
  return seen;
}

test('history states its cost, spends it only on confirmation, and is free when reopened', async ({
  page,
}, testInfo) => {
  // A place per repetition, so a repeated run does not find the first one's day in the cache.
  const lat = (20 + testInfo.repeatEachIndex * 0.01).toFixed(2);
  const link = `/?lat=${lat}&lon=-47&z=7&layers=lightning&lkm=75&lhist=2026-07-14&ltz=utc`;
  const historyRequests = lightningHistoryRequests(page);

  const before = await historySpent(page);
  await page.goto(link);
  await expect(page.getByTestId('safety-level')).toHaveText('HISTORY');
  await expect(page.getByTestId('history-cost')).toHaveText(/This day costs 10 quota units/);
  await expect(page.getByTestId('polar-plot')).toHaveAttribute('aria-label', /not loaded yet/);
  expect(historyRequests).toEqual([]);
  expect(await historySpent(page)).toBe(before);

  await page.getByRole('button', { name: 'Load this day (10 units)' }).click();
  await page.getByRole('button', { name: 'Spend 10 units' }).click();
  await expect(page.getByTestId('polar-plot')).toHaveAttribute(
    'aria-label',
    /\d+ strikes within 75 km on 2026-07-14/,
  );
  expect(historyRequests).toHaveLength(1);
  expect(historyRequests[0]).toContain('confirm_units=10');
  expect(await historySpent(page)).toBe(before + 10);

  await page.reload();
  await expect(page.getByTestId('history-cost')).toHaveText(/cost nothing/);
  await expect(page.getByTestId('polar-plot')).toHaveAttribute(
    'aria-label',
    /\d+ strikes within 75 km on 2026-07-14/,
  );
  expect(await historySpent(page)).toBe(before + 10);

  await page.getByRole('button', { name: 'Live' }).click();
  await expect(page).not.toHaveURL(/lhist=/);
  await expect(page.getByTestId('safety-level')).not.toHaveText('HISTORY');
});

test('a day of history asks before spending, then plays out by the hour under a slider', async ({
  page,
}, testInfo) => {
  // The storm's place the day before, which had strikes from morning to night; a place per
  // repetition, so a repeated run does not find the first one's day in the cache.
  const lat = (storm.lat + testInfo.repeatEachIndex * 0.01).toFixed(2);
  const day = '2026-07-13';
  const historyRequests = lightningHistoryRequests(page);

  const before = await historySpent(page);
  await page.goto(`/?lat=${lat}&lon=${storm.lon}&z=8&layers=lightning&lkm=75&lhist=${day}`);
  await mapIdle(page);
  const notLoaded = `Lightning of ${day} not loaded yet: loading it costs 10 quota units`;
  await expect(page.getByTestId('history-cost')).toContainText('This day costs 10 quota units');
  await expect(page.getByTestId('nearest-strike')).toHaveText(notLoaded);
  await expect(page.getByTestId('lightning-legend-status')).toHaveText(notLoaded);
  await expect(page.getByTestId('polar-plot')).toHaveAttribute('aria-label', notLoaded);
  await expect(page.getByText(/No lightning within/)).toHaveCount(0);
  // A double click on Load only opens the question; it is not also the answer.
  await page.getByRole('button', { name: 'Load this day (10 units)' }).dblclick();
  const confirm = page.getByRole('alertdialog', { name: 'Confirm the cost' });
  await expect(confirm).toContainText(`Spend 10 units of today’s quota on the lightning of ${day}`);
  expect(historyRequests).toEqual([]);
  expect(await historySpent(page)).toBe(before);

  // A double click on Spend spends once.
  await confirm.getByRole('button', { name: 'Spend 10 units' }).dblclick();
  await expect(page.getByTestId('history-cost')).toHaveText('Loaded: 10 quota units spent.');
  expect(historyRequests).toHaveLength(1);
  expect(new URL(historyRequests[0]!).searchParams.get('confirm_units')).toBe('10');
  expect(await historySpent(page)).toBe(before + 10);

  // The same day again from the BFF's cache (no confirm_units: a miss would be refused, not paid).
  const answer = await page.request.get(
    `/api/history/lightning?lat=${lat}&lon=${storm.lon}&date=${day}&tz=local&search_distance_km=75&sort=distance&limit=1000&output_type=geojson`,
  );
  expect(answer.status()).toBe(200);
  const api = (await answer.json()) as {
    features: { properties: { timestamp_local: string } }[];
  };
  const byNoon = api.features.filter((f) => f.properties.timestamp_local.slice(11, 16) <= '12:00');
  const all = api.features.length;
  expect(all).toBeGreaterThan(100);
  expect(byNoon.length).toBeGreaterThan(0);
  expect(byNoon.length).toBeLessThan(all);

  await expect(page.getByTestId('polar-plot')).toHaveAttribute(
    'aria-label',
    new RegExp(`^${all} strikes within 75 km on ${day};`),
  );
  await expect(page.getByRole('group', { name: /Lightning strike time of day/ })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Lightning strike age' })).toHaveCount(0);
  await mapIdle(page);
  await expect.poll(() => renderedStrikes(page)).toBe(all);

  // The slider answers the keyboard, and its time is part of the link.
  const slider = page.getByRole('slider', { name: 'Strikes up to' });
  await slider.focus();
  await page.keyboard.press('Home');
  await expect(page).toHaveURL(/lt=00:00/);
  await expect(page.getByTestId('lightning-history-until')).toHaveText('00:00 local');
  await page.keyboard.press('End');
  await expect(page).not.toHaveURL(/lt=/);
  await slider.fill('720');
  await expect(page).toHaveURL(/lt=12:00/);
  await expect(page.getByTestId('polar-plot')).toHaveAttribute(
    'aria-label',
    new RegExp(`^${byNoon.length} strikes? within 75 km on ${day} by 12:00 local;`),
  );
  await expect(page.getByTestId('polar-plot').locator('circle[r="2.2"]')).toHaveCount(
    byNoon.length,
  );
  await expect.poll(() => renderedStrikes(page)).toBe(byNoon.length);
  await page.screenshot({ path: 'test-results/screenshots/lightning-history.png' });

  // Reopened, the link keeps the time and the day costs nothing more.
  await page.reload();
  await expect(page.getByRole('slider', { name: 'Strikes up to' })).toHaveValue('720');
  await expect(page.getByTestId('history-cost')).toHaveText(/cost nothing/);
  await mapIdle(page);
  await expect.poll(() => renderedStrikes(page)).toBe(byNoon.length);
  expect(await historySpent(page)).toBe(before + 10);
});

test('a day that arrives between a thrown-away render of the layer and the kept one is drawn', async ({
  page,
}, testInfo) => {
  // The layer's <Source> makes its map source while rendering. Its code in first, the strike
  // popup's (same Suspense boundary) held back: React rendered the layer, which made the source
  // with no strikes yet, then threw that render away. The day lands; the popup's code follows;
  // the kept render already had the strikes, so react-map-gl saw nothing to send. A shared link
  // to a day used to open on an empty map this way, now and then. The layer and the popup share
  // one Suspense boundary (app/dashboard-map.tsx), as they did before the build ran on Preact,
  // which needed one each.
  const lat = (storm.lat + 0.3 + testInfo.repeatEachIndex * 0.01).toFixed(2);
  const day = '2026-07-13';
  const paid = await page.request.get(
    `/api/history/lightning?lat=${lat}&lon=${storm.lon}&date=${day}&tz=local&search_distance_km=75&sort=distance&limit=1000&output_type=geojson&confirm_units=10`,
    { headers: { 'X-Requested-With': 'skydeck' } },
  );
  expect(paid.status()).toBe(200);
  const all = ((await paid.json()) as { features: unknown[] }).features.length;
  expect(all).toBeGreaterThan(100);

  const release = { layer: gate(), day: gate(), popup: gate() };
  await page.route('**/assets/lightning-layer-*.js', async (route) => {
    await release.layer.opened;
    await route.continue();
  });
  await page.route('**/api/history/lightning?*', async (route) => {
    await release.day.opened;
    await route.continue();
  });
  await page.route('**/assets/strike-popup-*.js', async (route) => {
    await release.popup.opened;
    await route.continue();
  });
  await page.goto(`/?lat=${lat}&lon=${storm.lon}&z=8&layers=lightning&lkm=75&lhist=${day}`);
  await expect(page.locator('.map')).toHaveAttribute('data-map-ready', 'true');
  const layerCode = page.waitForResponse(/\/assets\/lightning-layer-[\w-]+\.js$/);
  release.layer.open();
  await layerCode;
  // Two frames for the runtime to render what the layer's code allows before the day lands.
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  release.day.open();
  await expect(page.getByTestId('polar-plot')).toHaveAttribute(
    'aria-label',
    new RegExp(`^${all} strikes within 75 km on ${day};`),
  );
  release.popup.open();
  await mapIdle(page);
  await expect.poll(() => renderedStrikes(page)).toBe(all);
});

/** A promise the test resolves when it chooses. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

test('a failed refresh keeps the last good strikes on screen and says how old they are', async ({
  page,
}) => {
  await page.goto(`/?lat=${storm.lat}&lon=${storm.lon}&z=9&layers=lightning`);
  await expect(page.getByTestId('lightning-freshness')).toContainText('Updated');
  await mapIdle(page);
  const before = await renderedStrikes(page);
  expect(before).toBeGreaterThan(20);

  await page.route('**/api/current/lightning?*', (route) =>
    route.fulfill({
      status: 502,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'The weather provider could not be reached' }),
    }),
  );
  // The minute's refresh, now rather than in a minute; the test's clock waits out its retries.
  await page.evaluate(() => {
    void window.__skydeckQueries?.refetchQueries(
      { queryKey: ['lightning'] },
      { throwOnError: false },
    );
  });
  const freshness = page.getByTestId('lightning-freshness');
  await advanceUntil(page, async () =>
    /Could not refresh; showing data from/.test((await freshness.textContent()) ?? ''),
  );
  await expect(page.getByTestId('safety-level')).toHaveText('STOP');
  expect(await renderedStrikes(page)).toBe(before);
});
