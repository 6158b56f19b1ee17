import { expect, type Page, test } from '@playwright/test';
import { countOpenFetches, mapDrawn } from './page-settled';
import { simulatorNow } from './playwright.config';

/**
 * Every screen the dashboard is used on: a phone opening a shared link, a laptop, a 1080p desk
 * or wall, and a portrait wall. Nothing important off screen, nothing overlapping.
 */
const screens = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'laptop', width: 1600, height: 900 },
  { name: '1080p', width: 1920, height: 1080 },
  { name: 'portrait', width: 1080, height: 1920 },
] as const;

const storm = 'lat=36.5&lon=-91';

/** Pairs of x-axis tick labels of the open chart whose boxes overlap. */
async function overlappingTicks(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const boxes = [
      ...document.querySelectorAll(
        '.dock__panel .recharts-xAxis .recharts-cartesian-axis-tick-value',
      ),
    ].map((node) => ({ text: node.textContent ?? '', box: node.getBoundingClientRect() }));
    const overlaps: string[] = [];
    for (let i = 1; i < boxes.length; i++) {
      const a = boxes[i - 1]!;
      const b = boxes[i]!;
      if (a.box.right > b.box.left + 0.5 && a.box.left < b.box.right - 0.5)
        overlaps.push(`${a.text} / ${b.text}`);
    }
    return overlaps;
  });
}

async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

for (const screen of screens) {
  test(`a shared link on a ${screen.name} screen (${screen.width}×${screen.height})`, async ({
    page,
  }) => {
    await page.clock.setFixedTime(new Date(simulatorNow));
    await countOpenFetches(page);
    await page.setViewportSize({ width: screen.width, height: screen.height });
    await page.goto(`/?${storm}&layers=lightning&panel=daily`);
    await expect(page.getByTestId('safety-level')).toHaveText('STOP');
    // Sixteen days of bars; a phone labels fewer of them, so the dates never run together.
    await expect(page.locator('.dock__panel .recharts-bar-rectangle')).not.toHaveCount(0);
    await expect(page.locator('.daily-tick').first()).toBeVisible();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    const map = await page.locator('.workspace__map').boundingBox();
    expect(map?.height ?? 0).toBeGreaterThanOrEqual(Math.min(280, screen.height * 0.3));
    await expect(page.getByRole('combobox', { name: 'Find a place' })).toBeInViewport();

    const units = page.getByLabel('Units');
    if (screen.width < 760) {
      // Settings wait behind a menu, so the search and the map keep the width.
      await expect(units).toBeHidden();
      await page.getByRole('button', { name: 'Settings' }).click();
      await expect(units).toBeInViewport();
      await page.keyboard.press('Escape');
      await expect(units).toBeHidden();
    } else {
      await expect(units).toBeInViewport();
      await expect(page.getByRole('button', { name: 'Settings' })).toBeHidden();
    }
    expect(await overlappingTicks(page)).toEqual([]);
    await mapDrawn(page);
    await page.screenshot({
      path: `test-results/screenshots/screen-${screen.name}.png`,
      fullPage: screen.width < 760,
    });
  });
}

/** Six alerts of mixed severity at the storm site: more than a wall can list. */
function manyAlerts(timezone: string) {
  const severities = ['Warning', 'Watch', 'Advisory'] as const;
  return {
    city_name: 'Pocahontas',
    state_code: 'AR',
    country_code: 'US',
    lat: 36.5,
    lon: -91,
    timezone,
    alerts: Array.from({ length: 6 }, (_, index) => ({
      title: `Severe Thunderstorm ${severities[index % 3]} number ${index + 1} issued July 15 at 1:00PM CDT until July 15 at 8:00PM CDT by NWS Memphis TN`,
      description: 'Damaging winds and frequent lightning are expected.',
      severity: severities[index % 3],
      effective_utc: '2026-07-15T18:00:00',
      effective_local: '2026-07-15T13:00:00',
      onset_utc: `2026-07-15T18:0${index}:00`,
      onset_local: `2026-07-15T13:0${index}:00`,
      ends_utc: '2026-07-16T01:00:00',
      ends_local: '2026-07-15T20:00:00',
      expires_utc: '2026-07-16T01:00:00',
      expires_local: '2026-07-15T20:00:00',
      uri: 'https://alerts.example/1',
      regions: ['Randolph, AR', ' Lawrence, AR'],
    })),
  };
}

for (const screen of screens.filter((s) => s.name === '1080p' || s.name === 'portrait')) {
  test(`a ${screen.name} wall shows status, conditions and every alert without scrolling`, async ({
    page,
  }) => {
    await page.clock.install({ time: new Date(simulatorNow) });
    await countOpenFetches(page);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.route('**/api/alerts?*', (route) =>
      route.fulfill({ json: manyAlerts('America/Chicago') }),
    );
    await page.setViewportSize({ width: screen.width, height: screen.height });
    await page.goto(`/?kiosk=1&${storm}&layers=lightning&panel=daily`);
    // No wall text under 18 px (issue 27): a portrait wall's 1,080 px label every other day.
    await expect(page.locator('.daily-tick')).toHaveCount(screen.name === 'portrait' ? 8 : 16);

    for (const testId of ['kiosk-clock', 'safety-status', 'place-name', 'temperature']) {
      await expect(page.getByTestId(testId)).toBeInViewport({ ratio: 1 });
    }
    await expect(page.getByTestId('kiosk-clock')).toHaveText(/^13:20\s*local$/);
    await expect(page.getByRole('heading', { name: /Alerts/ })).toBeInViewport({ ratio: 1 });
    const ticker = page.getByTestId('alert-ticker');
    await expect(ticker).toBeInViewport({ ratio: 1 });
    await expect(ticker).toContainText(/\d of 6/);
    expect(
      await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight),
    ).toBeLessThanOrEqual(0);
    // The panel cuts nothing off either: the safety status and every reading fit inside it.
    const panelOverflow = await page
      .getByRole('complementary', { name: 'Weather at the selected point' })
      .evaluate((panel) => {
        const limit = panel.getBoundingClientRect().bottom;
        const parts = panel.querySelectorAll('.safety, .current-block');
        return Math.max(...[...parts].map((part) => part.getBoundingClientRect().bottom)) - limit;
      });
    expect(panelOverflow).toBeLessThanOrEqual(0);
    // No controls and no expanders: nobody is there to press them.
    await expect(page.locator('button:visible, select:visible, input:visible')).toHaveCount(0);
    await expect(page.locator('details:visible')).toHaveCount(0);
    await mapDrawn(page);
    await page.screenshot({ path: `test-results/screenshots/wall-${screen.name}.png` });

    // The ticker steps to the next alert on its own.
    await page.clock.pauseAt(new Date((await page.evaluate(() => Date.now())) + 1_000));
    const position = async () =>
      Number(/(\d) of 6/.exec((await ticker.textContent()) ?? '')?.[1] ?? 0);
    const shown = await position();
    await page.clock.runFor(8_000);
    expect(await position()).toBe((shown % 6) + 1);
  });
}

test('a kiosk link with invalid values says so, naming what each accepts', async ({ page }) => {
  await page.goto('/?kiosk=1&rotate=1&places=foo;1,2,3&reload=25:99');
  const notice = page.getByTestId('link-notice');
  await expect(notice).toContainText('rotate must be a whole number from 5 to 3600 seconds');
  await expect(notice).toContainText('places must be up to 20 places as lat,lon;lat,lon');
  await expect(notice).toContainText('reload must be a time HH:MM from 00:00 to 23:59');
  await expect(notice.getByRole('button')).toHaveCount(0);
});
