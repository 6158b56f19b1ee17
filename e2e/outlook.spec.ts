import { expect, type Page, test } from '@playwright/test';
import { signInByApi, writeHeaders } from './sign-in';
import type { SitePolicyInput } from '../src/shared/safety/site-policy';

/**
 * A site's outlook on its page against the real BFF and the demo's simulator at the pinned time:
 * sixteen days as words and colours, each day's reasons on hover and on keyboard focus, and the
 * same days as a table. The site is in Arkansas, where the simulated forecast has gusts of
 * 21.4 m/s on Monday 20 July, past this policy's 20 m/s stop.
 */

const policy = {
  lightning: { rings: { stop: 13, caution: 24, watch: 40 }, all_clear_minutes: 30 },
  wind: { sustained_ms: { caution: null, stop: null }, gust_ms: { caution: 15, stop: 20 } },
  aqi: { caution: null, stop: null },
  heat: {
    heat_index_c: { caution: 40.6, stop: 51.7 },
    wbgt_flag: { caution: null, stop: null },
  },
};

/** The sites a test added, deleted after it: the servers are shared by every spec. */
const added: string[] = [];
test.afterEach(async ({ page }) => {
  for (const id of added.splice(0))
    await page.request.delete(`/api/sites/${id}`, { headers: writeHeaders });
});

/** Signs in, adds a site at the storm with `sitePolicy` and opens its page. */
async function openNewSite(page: Page, name: string, sitePolicy: SitePolicyInput) {
  await signInByApi(page);
  const site = await page.request.post('/api/sites', {
    headers: writeHeaders,
    data: { name, lat: 36.5, lon: -91, policy: sitePolicy },
  });
  expect(site.status()).toBe(201);
  const { id } = ((await site.json()) as { site: { id: string } }).site;
  added.push(id);
  await page.goto(`/?v=3&view=board&site=${id}`);
}

test('a site page shows the 16-day outlook, its reasons on hover and focus, and a table', async ({
  page,
}) => {
  await openNewSite(page, 'E2E outlook yard', policy);
  const outlook = page.getByTestId('site-outlook');
  await expect(outlook.getByRole('heading', { name: 'Outlook' })).toBeVisible();
  const days = outlook.getByRole('listitem');
  await expect(days).toHaveCount(16);
  await expect(days.first()).toContainText('Wed');
  await expect(days.first()).toContainText('15 Jul');

  // Monday: no go, in words; its reasons appear when pointed at.
  const monday = days.filter({ hasText: '20 Jul' });
  await expect(monday).toHaveAttribute('data-verdict', 'no_go');
  await expect(monday).toContainText('No go');
  const mondayTip = monday.getByRole('tooltip');
  await expect(mondayTip).toBeHidden();
  await monday.hover();
  await expect(mondayTip).toBeVisible();
  await expect(mondayTip).toContainText('wind: gust 21.4 m/s ≥ stop 20 m/s');
  await outlook.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screenshots/outlook-hover.png' });

  // The keyboard reaches the same reasons: tab from the day before, Escape hides them.
  await page.mouse.move(0, 0);
  await expect(mondayTip).toBeHidden();
  await days.filter({ hasText: '19 Jul' }).focus();
  await page.keyboard.press('Tab');
  await expect(monday).toBeFocused();
  await expect(mondayTip).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(mondayTip).toBeHidden();

  // A go day says why it is go.
  const goDay = outlook.locator('li[data-verdict="go"]');
  await goDay.first().focus();
  await expect(goDay.first().getByRole('tooltip')).toContainText(
    'within every limit of the policy',
  );

  // The table alternative: every day, with its verdict and reasons in words.
  await outlook.getByText('Outlook as a table').click();
  const table = outlook.getByRole('table');
  await expect(table.getByRole('row')).toHaveCount(17);
  const mondayRow = table.getByRole('row', { name: /Mon 20 Jul/ });
  await expect(mondayRow).toContainText('No go');
  await expect(mondayRow).toContainText('wind: gust 21.4 m/s ≥ stop 20 m/s');
  await table.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screenshots/outlook-table.png' });
});

test('days past the air-quality forecast say, on the strip and in words, that AQI is not judged', async ({
  page,
}) => {
  await openNewSite(page, 'E2E outlook air', { ...policy, aqi: { caution: 100, stop: 200 } });
  const outlook = page.getByTestId('site-outlook');
  const days = outlook.getByRole('listitem');
  await expect(days).toHaveCount(16);
  // The forecast's 72 hours end on Saturday 18 July: from there, the words above the strip.
  await expect(outlook.getByTestId('outlook-horizon')).toContainText(
    'Air quality is forecast only 72 hours ahead: from Sat 18 Jul',
  );
  const friday = days.filter({ hasText: '17 Jul' });
  await expect(friday).not.toContainText('AQI not judged');
  const tuesday = days.filter({ hasText: '21 Jul' });
  await expect(tuesday).toContainText('AQI not judged');
  await tuesday.focus();
  await expect(tuesday.getByRole('tooltip')).toContainText(
    'not judged: air quality: not forecast this far ahead',
  );
  await outlook.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screenshots/outlook-aqi-horizon.png' });
});
