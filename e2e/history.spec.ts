import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { simulatorNow, standardPlanURL } from './playwright.config';

const raleigh = 'lat=35.78&lon=-78.64';

test.beforeEach(async ({ page }) => {
  // "Today" in the browser is the simulated today, so date checks agree with the simulator.
  await page.clock.setFixedTime(new Date(simulatorNow));
});

/** Units spent on history today: the watch spends on other families meanwhile. */
async function spentToday(page: Page): Promise<number> {
  const response = await page.request.get('/api/quota');
  return ((await response.json()) as { by_family: { history: number } }).by_family.history;
}

/** Every history request the page makes, so a test can say none went out. */
function historyRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/history/')) seen.push(request.url());
  });
  return seen;
}

test('a history query states its cost, spends it only on confirmation, and is free the second time', async ({
  page,
}) => {
  const sent = historyRequests(page);
  await page.goto(`/?${raleigh}&panel=history&start_date=2026-05-01&end_date=2026-05-31`);
  const cost = page.getByTestId('history-cost');
  await expect(cost).toContainText('Costs 3 quota units (30 days at 10 days a unit = 3 units)');
  await expect(cost).toContainText(/\d+ units spent today \(UTC\)/);
  const before = await spentToday(page);

  await page.getByRole('button', { name: 'Run query (3 units)' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Confirm the cost' });
  await expect(confirm).toContainText('Spend 3 units of today’s quota on this query?');
  // A deep link and a first click spend nothing.
  expect(sent).toEqual([]);
  await confirm.getByRole('button', { name: 'Spend 3 units' }).click();

  await expect(page.getByTestId('history-source')).toHaveText(
    'Fetched from the provider: 3 quota units spent.',
  );
  await expect(page.locator('.history-point')).toHaveCount(30 * 24);
  expect(await spentToday(page)).toBe(before + 3);
  await page.screenshot({ path: 'test-results/screenshots/history-hourly.png' });

  await page.getByRole('button', { name: 'Table', exact: true }).click();
  const rows = page.getByRole('table').locator('tbody tr');
  await expect(rows).toHaveCount(720);
  // Six weeks back, past the 14-day revision window: final records.
  await expect(rows.first()).toContainText(/Final \(v[\d.]+\)/);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const csv = (await readFile(await download.path(), 'utf8')).trim().split('\r\n');
  expect(csv).toHaveLength(721);
  expect(csv[0]).toContain('Temperature (°C)');
  const [json] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download JSON' }).click(),
  ]);
  const exported = JSON.parse(await readFile(await json.path(), 'utf8')) as { data: unknown[] };
  expect(exported.data).toHaveLength(720);

  // The same link again: the BFF has it, so it shows at once and costs nothing.
  await page.reload();
  await expect(page.getByTestId('history-cost')).toContainText('Costs nothing');
  await expect(page.getByTestId('history-source')).toHaveText(
    'Served from Skydeck’s cache: no quota spent.',
  );
  // The table view is part of the link too.
  await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(720);
  expect(await spentToday(page)).toBe(before + 3);
});

test('invalid ranges are explained before any request, and a long range is offered split', async ({
  page,
}) => {
  const sent = historyRequests(page);
  await page.goto(`/?${raleigh}&panel=history&start_date=2026-06-10&end_date=2026-06-01`);
  await expect(page.getByText('The end date must be after the start date')).toBeVisible();
  await expect(page.getByText('Fix the query above to see what it costs.')).toBeVisible();

  await page.getByLabel('To (not included)').fill('2026-07-20');
  await expect(page.getByText('The end date is in the future')).toBeVisible();

  await page.getByLabel('From').fill('2026-04-01');
  await page.getByLabel('To (not included)').fill('2026-07-01');
  const cost = page.getByTestId('history-cost');
  await expect(cost).toContainText(
    'The range is 91 days; one request covers at most one month (31 days). It can be split into 4 requests.',
  );
  await expect(cost).toContainText(
    '4 requests: 30 days (3 units) + 30 days (3 units) + 30 days (3 units) + 1 day (1 unit) = 10 units',
  );
  await expect(page.getByRole('button', { name: 'Split and run (10 units)' })).toBeVisible();
  const url = new URL(page.url());
  expect(url.searchParams.get('start_date')).toBe('2026-04-01');
  expect(url.searchParams.get('end_date')).toBe('2026-07-01');

  await page.getByLabel('Data set').selectOption('lightning');
  await page.getByLabel('Day', { exact: true }).fill('2024-08-01');
  await expect(page.getByText('Lightning history starts on 2024-08-15')).toBeVisible();
  await page.getByLabel('Day', { exact: true }).fill('2026-07-14');
  await expect(cost).toContainText('Costs 10 quota units');
  expect(sent).toEqual([]);
});

test('a split range runs as several requests and shows them as one', async ({ page }) => {
  await page.goto(
    `/?${raleigh}&panel=history&dataset=daily&start_date=2025-01-01&end_date=2026-03-01`,
  );
  await page.getByRole('button', { name: /^Split and run \(\d+ units\)$/ }).click();
  await page.getByRole('button', { name: /^Spend \d+ units$/ }).click();
  // 360 days, then the 64 left: 424 days in all.
  await expect(page.locator('.history-point')).toHaveCount(424);
  await page.screenshot({ path: 'test-results/screenshots/history-daily-split.png' });
});

test('on a plan without history, the refusal is explained in words', async ({ page }) => {
  await page.goto(
    `${standardPlanURL}/?${raleigh}&panel=history&start_date=2026-05-01&end_date=2026-05-31`,
  );
  await page.getByRole('button', { name: 'Run query (3 units)' }).click();
  await page.getByRole('button', { name: 'Spend 3 units' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Historical data needs a Plus, Business or Enterprise plan. Skydeck is on the Standard plan.',
  );
  await page.screenshot({ path: 'test-results/screenshots/history-plan.png' });
});

test('a query by city and country runs at once when it costs less than the threshold', async ({
  page,
}) => {
  const sent = historyRequests(page);
  await page.goto(
    `/?${raleigh}&panel=history&dataset=daily&start_date=2026-06-01&end_date=2026-06-11`,
  );
  await page.getByLabel('Location').selectOption('city');
  await expect(page.getByText('Enter a city')).toBeVisible();
  await page.getByLabel('City').fill('Raleigh');
  await page.getByLabel('Country').fill('us');
  await expect(page.getByTestId('history-cost')).toContainText(
    'Costs 1 quota unit (10 days at 15 days a unit = 1 unit)',
  );
  expect(new URL(page.url()).searchParams.get('city')).toBe('Raleigh');
  expect(sent).toEqual([]);
  // Under the confirmation threshold: one click runs it.
  await page.getByRole('button', { name: 'Run query (1 unit)' }).click();
  await expect(page.locator('.history-point')).toHaveCount(10);
  await expect(page.getByTestId('history-results')).toContainText('Raleigh, United States');
  expect(sent).toHaveLength(1);
  expect(new URL(sent[0]!).searchParams.get('country')).toBe('US');
  expect(new URL(sent[0]!).searchParams.has('lat')).toBe(false);
});
