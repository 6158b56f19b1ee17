import { expect, type APIRequestContext, test } from '@playwright/test';
import { policyPresets } from '../src/shared/safety/site-policy';
import { adminPassword } from './playwright.config';
import { signInWithForm, writeHeaders } from './sign-in';

/**
 * Issue 31: a site's public status link. An operator shares a site from its page (link, QR code,
 * embed snippet), a parent opens the link on a phone, a school's page shows the embed card; the
 * page follows a level change live, says NO CURRENT DATA when it stops hearing from the watch,
 * and a revoked link opens nothing.
 */

/** Pocahontas, Arkansas: a storm in the simulated world at the pinned time. */
const storm = { lat: 36.5, lon: -91 };

/** Lightning alone decides the site, on rings too small for the storm's strikes at first. */
const lightningOnly = {
  ...policyPresets.general,
  lightning: { rings: { stop: 1, caution: 2, watch: 3 }, all_clear_minutes: 30 },
  wind: { sustained_ms: { caution: null, stop: null }, gust_ms: { caution: null, stop: null } },
  alerts: { Warning: null, Watch: null, Advisory: null },
  aqi: { caution: null, stop: null },
  heat: { heat_index_c: { caution: null, stop: null }, wbgt_flag: { caution: null, stop: null } },
};

/** The sites this file adds, deleted after each test (their record stays): the specs after it
 * share the server, and a site left at the storm would sit under their clicks and panels. */
const added: string[] = [];

test.afterEach(async ({ request }) => {
  if (added.length === 0) return;
  await request.post('/api/session', {
    headers: writeHeaders,
    data: { username: 'admin', password: adminPassword },
  });
  for (const id of added.splice(0))
    await request.delete(`/api/sites/${id}`, { headers: writeHeaders });
});

async function operatorSite(
  request: APIRequestContext,
  name: string,
  policy: object = policyPresets.general,
) {
  const signedIn = await request.post('/api/session', {
    headers: writeHeaders,
    data: { username: 'admin', password: adminPassword },
  });
  expect(signedIn.status()).toBe(204);
  const created = await request.post('/api/sites', {
    headers: writeHeaders,
    data: { name, ...storm, policy },
  });
  expect(created.status()).toBe(201);
  const { site } = (await created.json()) as { site: { id: string; status: { level: string } } };
  added.push(site.id);
  return site;
}

async function shareLink(request: APIRequestContext, siteId: string): Promise<string> {
  const shared = await request.post(`/api/sites/${siteId}/share`, { headers: writeHeaders });
  expect([200, 201]).toContain(shared.status());
  return ((await shared.json()) as { url: string }).url;
}

test('an operator shares a site from its page: the link, a QR code, the embed snippet; revoked, the link opens nothing', async ({
  page,
  browser,
}) => {
  const operator = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const site = await operatorSite(operator.request, 'E2E shared pitch');
  await operator.close();

  await page.goto(`/?view=board&site=${site.id}`);
  await signInWithForm(page);
  const panel = page.getByTestId('share-panel');
  await panel.getByRole('button', { name: 'Show the public link' }).click();
  const url = await panel.getByTestId('share-url').inputValue();
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/s\/[A-Za-z0-9_-]{24}$/);
  await expect(panel.getByRole('img', { name: /^QR code for the public status/ })).toBeVisible();
  await expect(panel.getByTestId('share-embed')).toHaveValue(
    `<iframe src="${url}?embed=1" title="E2E shared pitch status" width="360" height="260" style="border:0"></iframe>`,
  );
  await panel.scrollIntoViewIfNeeded();
  await panel.screenshot({ path: 'test-results/screenshots/public-status-share-panel.png' });

  const visitor = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await visitor.goto(url);
  await expect(visitor.getByTestId('public-heading')).toHaveText('STOP');
  await expect(visitor.getByTestId('public-reasons')).toContainText(/strike [\d.]+ km/);

  // Shared under imperial units, the link carries them and the page reads in miles.
  await page.goto(`/?view=board&site=${site.id}&units=I`);
  await panel.getByRole('button', { name: 'Show the public link' }).click();
  const imperialUrl = await panel.getByTestId('share-url').inputValue();
  expect(imperialUrl).toBe(`${url}?units=I`);
  await expect(panel.getByTestId('share-embed')).toHaveValue(
    new RegExp(`^<iframe src="${imperialUrl.replace(/[?.]/g, '\\$&')}&embed=1"`),
  );
  await expect(panel.getByTestId('share-units')).toContainText('mph, mi and °F');
  const imperial = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await imperial.goto(imperialUrl);
  await expect(imperial.getByTestId('public-reasons')).toContainText(/strike [\d.]+ mi /);
  await imperial.close();

  await panel.getByRole('button', { name: 'Revoke the link' }).click();
  await expect(panel.getByRole('status')).toHaveText(
    'The link is revoked: it no longer opens anything.',
  );
  // The open page hears of it from its stream or its next poll; a fresh visit finds nothing.
  const fresh = await browser.newPage();
  await fresh.goto(url);
  await expect(fresh.getByTestId('public-message')).toHaveText(
    'This status link is not shared (any more). Ask the site for a new one.',
  );
  expect((await fresh.request.get(url.replace('/s/', '/api/public/'))).status()).toBe(404);
  await visitor.close();
  await fresh.close();
});

test('a parent opens the link on a phone: the level big and in words, the countdown, when it was checked, what the levels mean', async ({
  page,
}) => {
  const site = await operatorSite(page.request, 'E2E Riverside fields');
  expect(site.status.level).toBe('stop');
  const url = await shareLink(page.request, site.id);
  await page.context().clearCookies();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(url);
  const level = page.getByTestId('public-level');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('E2E Riverside fields');
  await expect(page.getByTestId('public-heading')).toHaveText('STOP');
  await expect(level).toHaveAttribute('data-level', 'stop');
  await expect(level).toContainText(
    'Play suspended: everyone to shelter now, until the all-clear.',
  );
  await expect(page.getByTestId('public-countdown')).toHaveText(/^All clear in \d+:\d\d$/);
  await expect(page.getByTestId('public-reasons')).toContainText(/lightning: strike [\d.]+ km/);
  await expect(page.getByTestId('public-checked')).toHaveText(
    /^Last checked \d\d:\d\d (CDT|UTC) · Data \d+ (s|min) old$/,
  );
  // The strike's time in the reasons is on the same clock as "Last checked" (the site's zone).
  const checked = (await page.getByTestId('public-checked').textContent()) ?? '';
  const zone = / (CDT|UTC) /.exec(checked)?.[1] ?? 'no zone';
  await expect(page.getByTestId('public-reasons')).toContainText(
    new RegExp(`lightning: strike [\\d.]+ km \\w+ at \\d\\d:\\d\\d:\\d\\d ${zone} `),
  );
  await expect(page.getByRole('heading', { name: 'What the levels mean' })).toBeVisible();
  // Nothing of the dashboard: no map, no sign-in, no policy.
  await expect(page.locator('.maplibregl-canvas')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
  // Fits a phone: nothing wider than its screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/screenshots/public-status-390.png', fullPage: true });

  await page.setViewportSize({ width: 360, height: 260 });
  await page.goto(`${url}?embed=1`);
  await expect(page.getByTestId('public-heading')).toHaveText('STOP');
  await expect(page.getByRole('link', { name: 'E2E Riverside fields' })).toHaveAttribute(
    'target',
    '_blank',
  );
  await expect(page.getByRole('heading', { name: 'What the levels mean' })).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(260);
  await page.screenshot({ path: 'test-results/screenshots/public-status-embed.png' });
});

test('the page follows a level change live, and says NO CURRENT DATA once it stops hearing from the watch', async ({
  page,
  browser,
}) => {
  const operator = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const site = await operatorSite(operator.request, 'E2E live court', lightningOnly);
  expect(site.status.level).toBe('clear');
  const url = await shareLink(operator.request, site.id);

  await page.clock.install();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(url);
  const heading = page.getByTestId('public-heading');
  await expect(heading).toHaveText('CLEAR');

  // The operator widens the rings: the storm is inside, and the open page turns without a reload.
  const changed = await operator.request.patch(`/api/sites/${site.id}`, {
    headers: writeHeaders,
    data: { policy: { ...lightningOnly, lightning: policyPresets.general.lightning } },
  });
  expect(changed.status()).toBe(200);
  await expect(heading).toHaveText('STOP');
  await expect(page.getByTestId('public-level')).toHaveAttribute('data-level', 'stop');

  // Back to clear rings, then the watch goes quiet for this page: it must not go on saying CLEAR.
  await operator.request.patch(`/api/sites/${site.id}`, {
    headers: writeHeaders,
    data: { policy: lightningOnly },
  });
  await expect(heading).toHaveText('CLEAR');
  await page.route('**/api/**', (route) => route.abort('connectionrefused'));
  await page.clock.fastForward('01:30');
  await expect(heading).toHaveText('CLEAR');
  await page.clock.fastForward('01:00');
  await expect(heading).toHaveText('NO CURRENT DATA');
  await expect(page.getByTestId('public-level')).toHaveAttribute('data-level', 'no_data');
  await expect(page.getByTestId('public-level')).toContainText(
    'The watch has no current data: do not treat the site as clear.',
  );
  await page.screenshot({ path: 'test-results/screenshots/public-status-no-current-data.png' });

  // The watch answers again: the level comes back on fresh data.
  await page.unroute('**/api/**');
  await page.clock.fastForward('00:31');
  await expect(heading).toHaveText('CLEAR');
  await operator.request.delete(`/api/sites/${site.id}`, { headers: writeHeaders });
  await operator.close();
});
