import { expect, type Page, test } from '@playwright/test';
import { simulatorNow } from './playwright.config';
import { advanceUntil } from './page-settled';
import { strikeTime } from '../src/shared/safety/lightning-rings';

/**
 * The safety status must never be wrong in the relaxing direction: judged on the server's
 * clock whatever the browser's says, never stepping down on old data, a rule that is exactly
 * what was typed, and rings that show the decision.
 */

/** Pocahontas, Arkansas: a storm in the simulated world at the pinned time. */
const storm = { lat: 36.5, lon: -91 };
const stormLink = `/?lat=${storm.lat}&lon=${storm.lon}&z=9&layers=lightning`;
const now = Date.parse(simulatorNow);

interface Strike {
  properties: { distance_km: number; past_mins: number; timestamp_utc?: string };
}

async function stormStrikes(page: Page): Promise<Strike[]> {
  const answer = await page.request.get(
    `/api/current/lightning?lat=${storm.lat}&lon=${storm.lon}&search_distance_km=20&search_mins=30&sort=distance&limit=1000&output_type=geojson`,
  );
  return ((await answer.json()) as { features: Strike[] }).features;
}

/**
 * "m:ss" until the last strike within `stopKm` is `clearMinutes` old, at the server's now. Each
 * strike is dated as every face dates it (strikeTime: its stamp, checked against its age).
 */
function expectedCountdown(strikes: Strike[], stopKm: number, clearMinutes: number): string {
  const last = Math.max(
    ...strikes
      .filter((strike) => strike.properties.distance_km <= stopKm)
      .map((strike) => strikeTime(now, strike.properties)),
  );
  const seconds = Math.ceil((last + clearMinutes * 60_000 - now) / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

for (const skewMinutes of [20, -20]) {
  test(`a browser clock ${skewMinutes > 0 ? 'fast' : 'slow'} by 20 min still reads the server's time`, async ({
    page,
  }) => {
    await page.clock.setFixedTime(new Date(now + skewMinutes * 60_000));
    await page.goto(stormLink);
    const countdown = expectedCountdown(await stormStrikes(page), 12.9, 30);
    await expect(page.getByTestId('safety-level')).toHaveText('STOP');
    await expect(page.getByTestId('safety-detail')).toContainText(`all clear in ${countdown}`);
  });
}

test('with /api unreachable the status never relaxes: NO CURRENT DATA with the last known STOP', async ({
  page,
}) => {
  await page.clock.install({ time: new Date(now) });
  await page.goto(stormLink);
  await expect(page.getByTestId('safety-level')).toHaveText('STOP');

  await page.route('**/api/**', (route) => route.abort('connectionrefused'));
  await page.clock.fastForward('27:00');
  const status = page.getByTestId('safety-status');
  await expect(page.getByTestId('safety-level')).toHaveText('NO CURRENT DATA');
  await expect(page.getByTestId('safety-last-level')).toHaveText('STOP');
  await expect(page.getByTestId('safety-detail')).toContainText(/2[78] min ago/);
  // The failing flag comes once the refresh's retries are spent: their backoff on the page's clock.
  const failing = page.getByTestId('safety-failing');
  await advanceUntil(page, () => failing.isVisible());
  await expect(page.getByTestId('safety-detail')).toContainText(/2[78] min ago/);
  await expect(status).not.toContainText('CAUTION');
  await page.screenshot({ path: 'test-results/screenshots/safety-no-current-data.png' });

  // Past the all-clear time of every strike in the old data: still no relaxing, and no claim
  // that the last data showed no strike.
  await page.clock.fastForward('05:00');
  await expect(page.getByTestId('safety-detail')).toContainText(/3[23] min ago/);
  await expect(page.getByTestId('safety-last-level')).toHaveText('STOP');
  await expect(status).not.toContainText(/no strike/i);

  // Data returns: the status is decided again, on fresh data only.
  await page.unroute('**/api/**');
  await page.clock.fastForward('10:00');
  await expect(page.getByTestId('safety-level')).not.toHaveText('NO CURRENT DATA');
});

test('the stop radius applies exactly what was typed, and names its range when it cannot', async ({
  page,
}) => {
  await page.clock.setFixedTime(new Date(now));
  await page.goto(`${stormLink}&stop_km=5`);
  await expect(page.getByTestId('safety-level')).toHaveText('CAUTION');
  const stop = page.getByLabel('Stop radius (km)');
  await expect(stop).toHaveValue('5');

  // Cleared while typing: nothing is applied until the value is whole and valid.
  await stop.focus();
  await stop.press('End');
  await stop.press('Backspace');
  await expect(page.getByText('Enter a number from 1 to 75 km')).toBeVisible();
  await stop.pressSequentially('16');
  await stop.press('Tab');
  await expect.poll(() => new URL(page.url()).searchParams.get('stop_km')).toBe('16');
  await expect(stop).toHaveValue('16');
  await expect(page.getByTestId('safety-level')).toHaveText('STOP');

  await stop.fill('99');
  await stop.press('Enter');
  await expect(page.getByText('Must be from 1 to 75 km')).toBeVisible();
  await expect(stop).toHaveAttribute('aria-invalid', 'true');
  expect(new URL(page.url()).searchParams.get('stop_km')).toBe('16');

  await stop.press('Escape');
  await expect(stop).toHaveValue('16');
  await expect(page.getByText('Must be from 1 to 75 km')).toHaveCount(0);
});

async function ruleRingRadii(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const source = window.__skydeckMap?.getSource('lightning-rule-rings') as
      | { getData(): Promise<{ features: { properties: { level: string; km: number } }[] }> }
      | undefined;
    if (!source) return [];
    const data = await source.getData();
    return data.features.map((feature) => `${feature.properties.level} ${feature.properties.km}`);
  });
}

test('STOP and CAUTION rings follow the rule, not the search distance; caution is its own setting', async ({
  page,
}) => {
  await page.clock.setFixedTime(new Date(now));
  await page.goto(`${stormLink}&lkm=75`);
  await expect(page.getByTestId('safety-level')).toHaveText('STOP');
  await expect.poll(() => ruleRingRadii(page)).toEqual(['stop 12.9', 'caution 24.1']);

  const caution = page.getByLabel('Caution radius (km)');
  await caution.fill('15');
  await caution.press('Enter');
  await expect.poll(() => new URL(page.url()).searchParams.get('caution_km')).toBe('15');
  await expect.poll(() => ruleRingRadii(page)).toEqual(['stop 12.9', 'caution 15']);
  await expect(page.getByTestId('safety-status')).toContainText(
    'Stop within 12.9 km · caution within 15 km',
  );

  // Inside the stop radius is refused, naming the range.
  await caution.fill('8');
  await caution.press('Enter');
  await expect(page.getByText('Must be from 12.9 to 75 km')).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/safety-rings.png' });
});

test('with imperial units every safety distance is in miles', async ({ page }) => {
  await page.clock.setFixedTime(new Date(now));
  await page.goto(`${stormLink}&units=I`);
  await expect(page.getByTestId('safety-status')).toContainText(
    'Stop within 8 mi · caution within 15 mi',
  );
  await expect(page.getByTestId('safety-detail')).toContainText(/Nearest strike \d+\.\d mi/);
  await expect(page.getByLabel('Stop radius (mi)')).toHaveValue('8');
  // One unit system everywhere: the polar view, the search and the pressure too.
  await expect(page.getByTestId('nearest-strike')).toHaveText(/^Nearest: \d+\.\d mi /);
  await expect(page.getByLabel('Within', { exact: true })).toContainText('12.4 mi');
  await expect(page.locator('.readings')).toContainText(/\d+\.\d\d inHg/);
  await expect(page.locator('.readings')).not.toContainText(' mb');
});

test('every time on the side panel follows the Times setting, labelled', async ({ page }) => {
  await page.clock.setFixedTime(new Date(now));
  await page.goto(stormLink);
  const panel = page.getByRole('complementary', { name: 'Weather at the selected point' });
  await expect(page.getByTestId('safety-as-of')).toContainText(/13:\d\d local/);
  await expect(panel).toContainText(/Observed 13:20 local/);
  await expect(page.getByTestId('current-freshness')).toContainText(/Updated 13:\d\d local/);

  await page.getByLabel('Times').selectOption('utc');
  await expect(page.getByTestId('safety-as-of')).toContainText(/18:\d\d UTC/);
  await expect(panel).toContainText(/Observed 18:20 UTC/);
  await expect(page.getByTestId('current-freshness')).toContainText(/Updated 18:\d\d UTC/);
  await expect(panel).not.toContainText(/\d\d:\d\d local/);
});
