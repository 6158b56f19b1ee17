import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { simulatorNow } from './playwright.config';

/** Raleigh, North Carolina; and Pocahontas, Arkansas, under a storm at the pinned time. */
const raleigh = 'lat=35.78&lon=-78.64';
const storm = 'lat=36.5&lon=-91';

test.beforeEach(async ({ page }) => {
  // The browser's clock reads the simulated "now", so "starting in 12 min" is counted from it.
  await page.clock.setFixedTime(new Date(simulatorNow));
});

async function apiData<T>(page: Page, path: string): Promise<T[]> {
  const response = await page.request.get(`/api/${path}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: T[] }).data;
}

async function shoot(page: Page, name: string) {
  // The map redraws after the dock opens beneath it; the picture should show it settled.
  await expect(page.locator('.map')).toHaveAttribute('data-map-ready', 'true');
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const map = window.__skydeckMap;
        if (!map || (map.loaded() && !map.isMoving())) resolve();
        else map.once('idle', () => resolve());
      }),
  );
  await page.screenshot({ path: `test-results/screenshots/${name}.png` });
}

test('the map shows before any chart code loads; opening a tab loads it and Back closes it', async ({
  page,
}) => {
  const chartChunks: string[] = [];
  page.on('request', (request) => {
    if (/forecast-panel-[\w-]+\.js$/.test(request.url())) chartChunks.push(request.url());
  });
  await page.goto(`/?${raleigh}`);
  await expect(page.locator('.map')).toHaveAttribute('data-map-ready', 'true');
  await expect(page.getByTestId('place-name')).toBeVisible();
  expect(chartChunks).toEqual([]);

  await page.getByRole('tab', { name: '16-day' }).click();
  await expect(page.getByTestId('daily-chart')).toBeVisible();
  expect(chartChunks).toHaveLength(1);
  expect(new URL(page.url()).searchParams.get('panel')).toBe('daily');

  // Arrow keys move between tabs and open each.
  await page.getByRole('tab', { name: '16-day' }).press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Next hour' })).toBeFocused();
  await expect(page.getByTestId('minutely')).toBeVisible();

  // Opening the dock was one step; switching tabs inside it was not: one Back closes it.
  await page.goBack();
  await expect(page.getByRole('tabpanel')).toHaveCount(0);
  expect(new URL(page.url()).searchParams.get('panel')).toBeNull();
});

test('chart code that cannot load fails in the dock alone: it says so, the map and conditions stay', async ({
  page,
}) => {
  // As after a deploy that removed the chunk this page was built with.
  await page.route(/\/assets\/forecast-panel-[\w-]+\.js$/, (route) => route.abort('failed'));
  await page.goto(`/?${raleigh}`);
  await expect(page.locator('.map')).toHaveAttribute('data-map-ready', 'true');
  await page.getByRole('tab', { name: '16-day' }).click();

  const failure = page.getByRole('tabpanel').getByRole('alert');
  await expect(failure).toContainText('The chart panel stopped working');
  await expect(failure.getByRole('button', { name: 'Reload' })).toBeVisible();
  await expect(page.getByTestId('place-name')).toBeVisible();
  await expect(page.locator('.map')).toHaveAttribute('data-map-ready', 'true');
  // The boundary is keyed by panel: another tab starts afresh.
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByTestId('history-cost')).toBeVisible();
  await expect(page.getByText('The chart panel stopped working')).toHaveCount(0);
});

test('the 16-day panel draws every day from a deep link, and switching units changes values and labels', async ({
  page,
}) => {
  type Day = { valid_date: string; max_temp: number };
  const metric = await apiData<Day>(page, `forecast/daily?${raleigh}&units=M&days=16`);
  const imperial = await apiData<Day>(page, `forecast/daily?${raleigh}&units=I&days=16`);
  expect(metric).toHaveLength(16);

  await page.goto(`/?${raleigh}&panel=daily`);
  await expect(page.locator('.daily-tick')).toHaveCount(16);
  await expect(page.locator('.daily-max-point')).toHaveCount(16);
  await expect(page.getByText('Temperature (°C)')).toBeVisible();
  await expect(page.locator('.daily-tick image')).toHaveCount(16);
  await shoot(page, 'forecast-daily-laptop');

  await page.getByLabel('Units').selectOption('I');
  await expect(page.getByText('Temperature (°F)')).toBeVisible();
  expect(new URL(page.url()).searchParams.get('units')).toBe('I');

  await page.getByRole('button', { name: 'Table', exact: true }).click();
  const table = page.getByRole('table');
  await expect(table.locator('tbody tr')).toHaveCount(16);
  await expect(table.getByRole('columnheader', { name: 'Max (°F)' })).toBeVisible();
  await expect(table.locator('tbody tr').first().locator('td').nth(1)).toHaveText(
    String(imperial[0]?.max_temp),
  );
  await page.getByLabel('Units').selectOption('M');
  await expect(table.getByRole('columnheader', { name: 'Max (°C)' })).toBeVisible();
  await expect(table.locator('tbody tr').first().locator('td').nth(1)).toHaveText(
    String(metric[0]?.max_temp),
  );

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(
    /^skydeck-daily-raleigh-north-carolina-united-states-\d{4}-\d{2}-\d{2}\.csv$/,
  );
  const csv = (await readFile(await download.path(), 'utf8')).trim().split('\r\n');
  expect(csv).toHaveLength(17);
  expect(csv[0]).toContain('Max (°C)');
  expect(csv[1]?.startsWith(`${metric[0]?.valid_date},`)).toBe(true);

  await page.getByLabel('Days').selectOption('7');
  await page.getByRole('button', { name: 'Chart', exact: true }).click();
  await expect(page.locator('.daily-tick')).toHaveCount(7);
});

test('the next-hour panel draws 60 minutes and says in one line what is coming', async ({
  page,
}) => {
  type Minute = { precip: number; snow: number; timestamp_local: string; timestamp_utc: string };
  const minutes = await apiData<Minute>(page, `forecast/minutely?${storm}&units=M`);
  expect(minutes).toHaveLength(60);

  await page.goto(`/?${storm}&panel=minutely`);
  await expect(page.locator('.minute-bar--rain')).toHaveCount(60);
  const summary = page.getByTestId('minutely-summary');
  const wet = minutes.some((minute) => minute.precip >= 0.1);
  await expect(summary).toHaveText(
    wet
      ? /^(Rain|Snow|Rain and snow) (starting in \d+ min|stopping in \d+ min|for the next hour), heaviest at \d\d:\d\d$/
      : 'No precipitation in the next hour',
  );
  await shoot(page, 'forecast-minutely-laptop');

  // Times follow the local/UTC switch, in the table as on the chart.
  await page.getByRole('button', { name: 'Table', exact: true }).click();
  const firstTime = page.getByRole('table').locator('tbody tr').first().locator('th');
  await expect(firstTime).toHaveText(minutes[0]!.timestamp_local.slice(11, 16));
  await page.getByLabel('Times').selectOption('utc');
  await expect(firstTime).toHaveText(minutes[0]!.timestamp_utc.slice(11, 16));
  expect(new URL(page.url()).searchParams.get('tz')).toBe('utc');
});

test('the air-quality panel draws 72 hours over named EPA bands, with pollutants to add', async ({
  page,
}) => {
  await page.goto(`/?${raleigh}&panel=airquality`);
  await expect(page.locator('.aqi-point')).toHaveCount(72);
  await expect(page.getByTestId('aqi-summary')).toContainText(
    /AQI \d+ (Good|Moderate|Unhealthy for Sensitive Groups|Unhealthy|Very Unhealthy|Hazardous)/,
  );
  await expect(page.locator('.recharts-reference-area').first()).toBeVisible();

  await page.getByLabel('PM2.5').check();
  await page.getByLabel('O₃').check();
  expect(new URL(page.url()).searchParams.get('pollutants')).toBe('pm25,o3');
  await expect(page.getByText('Concentration (µg/m³)')).toBeVisible();
  await expect(page.locator('.recharts-line')).toHaveCount(3);
  await shoot(page, 'forecast-airquality-laptop');

  await page.getByLabel('Hours', { exact: true }).selectOption('24');
  await expect(page.locator('.aqi-point')).toHaveCount(24);
});

test('the energy panel draws each period, by day or by hour, against a threshold in the chosen units', async ({
  page,
}) => {
  const daily = await apiData<unknown>(page, `forecast/energy?${raleigh}`);
  const hourly = await apiData<unknown>(page, `forecast/energy?${raleigh}&tp=hourly`);

  await page.goto(`/?${raleigh}&panel=energy`);
  await expect(page.locator('.energy-period')).toHaveCount(daily.length);
  const threshold = page.getByLabel('Degree-day base (°C)');
  await expect(threshold).toHaveValue('18');
  await shoot(page, 'forecast-energy-laptop');

  await page.getByLabel('Period').selectOption('hourly');
  await expect(page.locator('.energy-period')).toHaveCount(hourly.length);

  await page.getByLabel('Units').selectOption('I');
  await expect(page.getByLabel('Degree-day base (°F)')).toHaveValue('64.4');
  await expect(page.getByText('Degree days (°F·d)')).toBeVisible();

  await page.getByLabel('Degree-day base (°F)').fill('300');
  await expect(page.getByText('Must be from -148 to 212 °F')).toBeVisible();
  await page.getByLabel('Degree-day base (°F)').fill('70');
  await page.getByLabel('Degree-day base (°F)').press('Enter');
  await expect.poll(() => new URL(page.url()).searchParams.get('threshold')).toBe('70');
  await expect(page.getByTestId('energy')).toContainText('base 70 °F');
});

for (const screen of [
  { name: '1080p', width: 1920, height: 1080 },
  { name: 'portrait', width: 1080, height: 1920 },
]) {
  test(`the daily panel fits a ${screen.name} screen`, async ({ page }) => {
    await page.setViewportSize({ width: screen.width, height: screen.height });
    await page.goto(`/?${raleigh}&panel=daily`);
    await expect(page.locator('.daily-tick')).toHaveCount(16);
    const chart = await page.getByTestId('daily-chart').boundingBox();
    expect(chart?.width).toBeGreaterThan(screen.width * 0.5);
    expect(chart?.height).toBeGreaterThan(200);
    await shoot(page, `forecast-daily-${screen.name}`);
  });
}
