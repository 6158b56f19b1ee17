import { expect, type Page, test } from '@playwright/test';
import { countOpenFetches, fetchesSettled, mapDrawn } from './page-settled';
import { simulatorNow } from './playwright.config';

const raleigh = 'lat=35.78&lon=-78.64';
const minute = 60_000;

/** API requests by path, as the page makes them. */
/**
 * The watch's own routes: the page's alarms keep the board current on every view, in a hidden
 * tab too (issue 16), and cost no provider units. The weather is counted apart from them.
 */
const isWatchRoute = (pathname: string) =>
  ['/api/sites', '/api/stream', '/api/events', '/api/session'].some(
    (route) => pathname === route || pathname.startsWith(`${route}/`),
  );

const weatherRequests = (counts: Map<string, number>) =>
  [...counts].reduce((sum, [path, count]) => (isWatchRoute(path) ? sum : sum + count), 0);

function countRequests(page: Page): Map<string, number> {
  const counts = new Map<string, number>();
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/')) counts.set(pathname, (counts.get(pathname) ?? 0) + 1);
  });
  return counts;
}

/**
 * Moves the page's clock on in steps, letting each step's requests finish before the next: one
 * long jump would fire every timer at once while the first fetch is in flight. (The page must
 * count its fetches: `countOpenFetches` before it opens.)
 */
async function advance(page: Page, total: number, step = minute) {
  for (let done = 0; done < total; done += step) {
    await page.clock.runFor(Math.min(step, total - done));
    await fetchesSettled(page);
  }
}

test('a kiosk has no controls and cycles its panels, then its places, on time', async ({
  page,
}) => {
  await page.clock.install({ time: new Date(simulatorNow) });
  await countOpenFetches(page);
  await page.goto(`/?kiosk=1&rotate=30&panels=daily,airquality&places=35.78,-78.64;40.71,-74.01`);
  await expect(page.getByTestId('daily')).toBeVisible();
  await expect(page.getByTestId('place-name')).toHaveText('Raleigh, North Carolina, United States');
  await expect(page.locator('.topbar__tools')).toHaveCount(0);
  await expect(page.getByRole('tablist')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Download CSV' })).toBeHidden();
  const rootSize = await page.evaluate(() =>
    Number.parseFloat(getComputedStyle(document.documentElement).fontSize),
  );
  expect(rootSize).toBeGreaterThanOrEqual(17);
  await page.screenshot({ path: 'test-results/screenshots/kiosk-1440.png' });

  // Stop the clock (a little ahead: it runs while the test talks to the page), then find a turn
  // of the rotation to a tenth of a second.
  const panel = () => new URL(page.url()).searchParams.get('panel');
  const lat = () => new URL(page.url()).searchParams.get('lat');
  await page.clock.pauseAt(new Date((await page.evaluate(() => Date.now())) + 5_000));
  const turn = async () => {
    const before = panel();
    for (let step = 0; step < 320 && panel() === before; step++) await page.clock.runFor(100);
    expect(panel()).not.toBe(before);
  };
  await turn();
  if (panel() === 'daily') await turn();
  expect(panel()).toBe('airquality');
  const firstPlace = lat();

  // Thirty seconds a panel, not a moment sooner; after the last panel, the next place.
  await page.clock.runFor(29_800);
  expect(panel()).toBe('airquality');
  await page.clock.runFor(300);
  expect(panel()).toBe('daily');
  expect(lat()).not.toBe(firstPlace);
  // Let time flow again, so the new place's data can arrive (Query batches through timers).
  await page.clock.resume();
  const expected =
    lat() === '40.71'
      ? 'New York City, New York, United States'
      : 'Raleigh, North Carolina, United States';
  await expect(page.getByTestId('place-name')).toHaveText(expected);
  await page.clock.runFor(60_000);
  await expect(page.getByTestId('place-name')).not.toHaveText(expected);
});

for (const screen of [
  { name: '1080p', width: 1920, height: 1080 },
  { name: '4k', width: 3840, height: 2160 },
  { name: 'portrait', width: 1080, height: 1920 },
]) {
  test(`a kiosk fills a ${screen.name} screen, safety status in view`, async ({ page }) => {
    await page.clock.setFixedTime(new Date(simulatorNow));
    await countOpenFetches(page);
    // The screenshot shows strikes in their age colours, not mid-way through the new-strike pulse.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width: screen.width, height: screen.height });
    await page.goto(`/?kiosk=1&lat=36.5&lon=-91&layers=lightning&panel=daily`);
    // No wall text under 18 px (issue 27): a portrait wall's 1,080 px label every other day.
    await expect(page.locator('.daily-tick')).toHaveCount(screen.name === 'portrait' ? 8 : 16);
    const safety = page.getByTestId('safety-status');
    await expect(safety).toBeInViewport();
    await mapDrawn(page);
    await page.screenshot({ path: `test-results/screenshots/kiosk-${screen.name}.png` });
  });
}

test('each data family refreshes on its own cadence, and not while the page is hidden', async ({
  page,
}) => {
  // A simulated hour, stepped a minute at a time with every step's fetches awaited; still
  // pictures, since each minute's new strikes would otherwise pulse for 72 frames of the clock.
  test.setTimeout(180_000);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.clock.install({ time: new Date(simulatorNow) });
  await countOpenFetches(page);
  const counts = countRequests(page);
  await page.goto(`/?${raleigh}&layers=lightning&panel=daily`);
  await expect(page.locator('.daily-tick')).toHaveCount(16);
  await fetchesSettled(page);
  const before = new Map(counts);
  await advance(page, 60 * minute);
  const made = (path: string) => (counts.get(path) ?? 0) - (before.get(path) ?? 0);
  // An hour: lightning and alerts every minute, current every ten, forecasts every thirty.
  expect(made('/api/current/lightning')).toBeGreaterThanOrEqual(58);
  expect(made('/api/current/lightning')).toBeLessThanOrEqual(61);
  expect(made('/api/alerts')).toBeGreaterThanOrEqual(58);
  expect(made('/api/alerts')).toBeLessThanOrEqual(61);
  expect(made('/api/current')).toBe(6);
  expect(made('/api/forecast/daily')).toBe(2);

  // Hidden (another tab, a sleeping screen): no weather is fetched (the alarms' board is).
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  const hidden = weatherRequests(counts);
  // A jump a minute fires each of the page's timers once a minute, all a fetch needs to show.
  for (let jumped = 0; jumped < 15; jumped += 1) {
    await page.clock.fastForward(minute);
    await fetchesSettled(page);
  }
  expect(weatherRequests(counts)).toBe(hidden);
});

test('data that misses its refresh is marked stale, with backoff, and recovers when the server returns', async ({
  page,
}) => {
  await page.clock.install({ time: new Date(simulatorNow) });
  await countOpenFetches(page);
  await page.goto(`/?${raleigh}`);
  const alertsFreshness = page.getByTestId('alerts-freshness');
  const currentFreshness = page.getByTestId('current-freshness');
  await expect(currentFreshness).toHaveAttribute('data-stale', 'false');
  await expect(page.getByTestId('place-name')).toHaveText('Raleigh, North Carolina, United States');

  // The BFF goes away.
  let refused = 0;
  let refusedWatch = 0;
  await page.route('**/api/**', (route) => {
    if (isWatchRoute(new URL(route.request().url()).pathname)) refusedWatch += 1;
    else refused += 1;
    return route.abort('connectionrefused');
  });
  await advance(page, 30 * minute);
  await expect(alertsFreshness).toHaveAttribute('data-stale', 'true');
  await expect(alertsFreshness).toContainText('Stale');
  await expect(currentFreshness).toHaveAttribute('data-stale', 'true');
  await expect(alertsFreshness).toContainText('cannot refresh');
  // The last good data stays on screen.
  await expect(page.getByTestId('place-name')).toHaveText('Raleigh, North Carolina, United States');
  // Without backoff, alerts alone would have tried 30 times (each with 3 retries).
  expect(refused).toBeLessThan(60);
  // The alarms' stream and board back off too: the stream to a try a minute, the board's polls
  // to one in five minutes (each with its retries).
  expect(refusedWatch).toBeLessThan(70);
  await page.screenshot({ path: 'test-results/screenshots/stale-marker.png' });

  // It comes back: within the backoff's longest wait, every marker clears without a reload.
  await page.unroute('**/api/**');
  await advance(page, 11 * minute);
  await expect(alertsFreshness).toHaveAttribute('data-stale', 'false');
  await expect(currentFreshness).toHaveAttribute('data-stale', 'false');
  await expect(alertsFreshness).not.toContainText('cannot refresh');
});

test('a simulated day leaves no more timers and no faster requests than its first hour', async ({
  page,
}) => {
  test.setTimeout(300_000);
  // Counts the page's live intervals and pending timeouts, over the test clock's own timers.
  await page.addInitScript({
    content: `(() => {
      const live = { intervals: new Set(), timeouts: new Set() };
      window.__timers = live;
      const { setInterval: si, clearInterval: ci, setTimeout: st, clearTimeout: ct } = window;
      window.setInterval = (fn, ms, ...rest) => { const id = si(fn, ms, ...rest); live.intervals.add(id); return id; };
      window.clearInterval = (id) => { live.intervals.delete(id); ci(id); };
      window.setTimeout = (fn, ms, ...rest) => {
        const id = st((...args) => { live.timeouts.delete(id); typeof fn === 'function' && fn(...args); }, ms, ...rest);
        live.timeouts.add(id);
        return id;
      };
      window.clearTimeout = (id) => { live.timeouts.delete(id); ct(id); };
    })();`,
  });
  // Still pictures (no map flights) keep a simulated day to a couple of real minutes.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.clock.install({ time: new Date(simulatorNow) });
  await countOpenFetches(page);
  const counts = countRequests(page);
  await page.goto(`/?kiosk=1&rotate=3600&panels=daily&places=35.78,-78.64;40.71,-74.01`);
  await expect(page.getByTestId('daily')).toBeVisible();
  const timers = () =>
    page.evaluate(() => {
      const live = (
        window as unknown as { __timers: { intervals: Set<number>; timeouts: Set<number> } }
      ).__timers;
      return { intervals: live.intervals.size, timeouts: live.timeouts.size };
    });
  const total = () => [...counts.values()].reduce((sum, value) => sum + value, 0);

  const byPath = () => new Map(counts);
  const since = (before: Map<string, number>) =>
    Object.fromEntries([...counts].map(([path, count]) => [path, count - (before.get(path) ?? 0)]));
  const startRequests = total();
  const atStart = byPath();
  // Minute steps, the fastest cadence: a longer step fires each minute's refresh once or twice
  // depending on when the last answer landed, and the hour's count would be noise.
  await advance(page, 60 * minute);
  const firstHour = since(atStart);
  const firstHourRequests = total() - startRequests;
  const early = await timers();
  // The 22 hours between: half-hour jumps that fire each due timer once, as a kiosk whose
  // browser throttles a busy tab would. Running every second of them costs a minute of real
  // time in the one-second clocks alone, and a per-second or per-minute leak already shows in
  // the last hour, which runs second by second like the first.
  for (let jumped = 0; jumped < 22 * 60; jumped += 30) {
    await page.clock.fastForward(30 * minute);
    await fetchesSettled(page);
  }
  const beforeLast = total();
  const atLastHour = byPath();
  await advance(page, 60 * minute);
  const lastHour = since(atLastHour);
  const lastHourRequests = total() - beforeLast;
  const late = await timers();

  expect(late.intervals).toBeLessThanOrEqual(early.intervals);
  expect(late.timeouts).toBeLessThanOrEqual(early.timeouts + 2);
  // Each family on its cadence, in the first hour as in the last: alerts every minute, current
  // conditions every ten; never faster. (A refresh whose fetch is dispatched by a timer of the
  // next step can merge with that step's: on a loaded machine a few minutes go uncounted, so
  // the floor has room; the ceiling has none.)
  for (const hour of [firstHour, lastHour]) {
    expect(hour['/api/alerts']).toBeGreaterThanOrEqual(45);
    expect(hour['/api/alerts']).toBeLessThanOrEqual(61);
    expect(hour['/api/current']).toBeGreaterThanOrEqual(5);
    expect(hour['/api/current']).toBeLessThanOrEqual(7);
  }
  expect(lastHourRequests).toBeLessThanOrEqual(firstHourRequests + 12);
});
