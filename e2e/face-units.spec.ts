import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { adminPassword, simulatorNow } from './playwright.config';
import { mapDrawn } from './page-settled';

/**
 * Issue 27 item 7: with imperial units and times local to the place, every distance, speed and
 * temperature on the watch's screens reads in mi, mph and °F, and every time in the site's own
 * zone, labelled with it; the policy editor converts both ways and keeps the stored values
 * exact; the data age names its feed; the map's scale bar reads in mi or ft.
 */

const writeHeaders = { 'Content-Type': 'application/json', 'X-Requested-With': 'skydeck' };
const now = Date.parse(simulatorNow);
/** Pocahontas, Arkansas (America/Chicago, CDT in July): a storm stands over it at the pinned time. */
const storm = { lat: 36.5, lon: -91 };
const imperial = 'units=I&tz=local';

/** Metric units or UTC times a page in imperial units and local times must not show. */
const leaks = /\bkm\b|km\/h|m\/s|°C|\bUTC\b|\d\d:\d\d(:\d\d)?Z\b/;

async function expectNoLeak(locator: Locator, what: string) {
  const text = (await locator.innerText()).replace(/\s+/g, ' ');
  expect(text, `${what}: ${text}`).not.toMatch(leaks);
}

interface StoredSite {
  id: string;
  timezone: string | null;
  policy: {
    lightning: { rings: { stop: number; caution: number | null; watch: number | null } };
    wind: unknown;
    heat: unknown;
    aqi: unknown;
  };
}

async function storedSite(request: APIRequestContext, id: string): Promise<StoredSite> {
  const answer = await request.get('/api/sites');
  const { sites } = (await answer.json()) as { sites: StoredSite[] };
  const site = sites.find((candidate) => candidate.id === id);
  expect(site).toBeDefined();
  return site as StoredSite;
}

/** Saves the site editor's form and waits for the BFF's answer. */
async function save(page: Page, id: string) {
  const saved = page.waitForResponse(
    (response) =>
      response.url().includes(`/api/sites/${id}`) && response.request().method() !== 'GET',
  );
  await page.getByRole('button', { name: 'Save changes' }).click();
  return saved;
}

test('imperial units and local times on the board, the site page, the policy editor and the event log', async ({
  page,
  request,
}) => {
  await page.clock.setFixedTime(new Date(now));
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // The test's own site, made by a client of its own: the page stays signed out until it signs in.
  const signedIn = await request.post('/api/session', {
    headers: writeHeaders,
    data: { username: 'admin', password: adminPassword },
  });
  expect(signedIn.ok()).toBe(true);
  const created = await request.post('/api/sites', {
    headers: writeHeaders,
    data: { name: 'Units yard', lat: storm.lat, lon: storm.lon },
  });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { site: { id: string } }).site.id;
  const before = await storedSite(request, id);
  expect(before.timezone).toBe('America/Chicago');

  try {
    // The board: every card in mi, mph and °F, its times in its site's zone.
    await page.goto(`/?view=board&${imperial}`);
    await expect(page.getByTestId('stream-indicator')).toHaveText('Live');
    const card = page.getByTestId('site-card').filter({ hasText: 'Units yard' });
    await expect(card).toHaveAttribute('data-level', 'stop');
    await expect(
      card.getByTestId('site-finding').filter({
        hasText:
          /^STOP lightning: strike \d+\.\d mi [NESW]{1,3} at \d\d:\d\d:\d\d CDT inside the 8 mi stop ring$/,
      }),
    ).toHaveCount(1);
    await expect(card.getByTestId('data-age')).toHaveText(
      /^(Lightning data|Alert data|Current conditions) \d+ (s|min) old$/,
    );
    const cards = page.getByTestId('site-card');
    expect(await cards.count()).toBeGreaterThan(1);
    for (const each of await cards.all()) await expectNoLeak(each, 'a board card');
    await page.screenshot({ path: 'test-results/screenshots/face-units-board.png' });

    // The site page, read-only first (as a coach opening a shared link sees it).
    await page.goto(`/?view=board&site=${id}&${imperial}`);
    const sitePage = page.getByTestId('site-page');
    await expect(sitePage.getByTestId('level-since')).toHaveText(/^\d\d:\d\d CDT$/);
    await expect(sitePage.getByTestId('site-reasons')).toContainText(' mi ');
    await expect(page.getByTestId('event-row').first()).toContainText(
      /2026-07-15 1\d:\d\d:\d\d CDT/,
    );
    const policy = sitePage.getByRole('table', { name: /^Policy:/ });
    await expect(policy).toContainText('Lightning: Stop ring radius8 mi');
    await expect(policy).toContainText(/Wind: Gusts: stop at55\.9 mph/);
    await expect(policy).toContainText(/Heat: Heat index: caution at102\.9 °F/);
    await expectNoLeak(sitePage, 'the site page');
    const scale = page.locator('.maplibregl-ctrl-scale');
    await expect(scale).toHaveText(/^\d+\s(mi|ft)$/);
    await page.screenshot({ path: 'test-results/screenshots/face-units-site-page.png' });

    // Signed in, the policy editor: in mi, mph and °F, its ranges too.
    await page.getByRole('button', { name: 'Sign in' }).click();
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByLabel('Username').fill('admin');
    await form.getByLabel('Password').fill(adminPassword);
    await form.getByRole('button', { name: 'Sign in' }).click();
    const editor = page.locator('.policy-editor');
    const stopRing = editor.locator('[data-path="lightning.rings.stop"]');
    await expect(stopRing).toHaveValue('8');
    await expect(editor.locator('[data-path="lightning.rings.caution"]')).toHaveValue('15');
    await expect(editor.locator('[data-path="wind.gust_ms.stop"]')).toHaveValue('55.9');
    await expect(editor.locator('[data-path="heat.heat_index_c.caution"]')).toHaveValue('102.9');
    await expect(editor).toContainText('a number from 0.7 to 46.6 mi');
    await expect(editor).toContainText('mph');
    await expect(editor).toContainText('°F');
    await expectNoLeak(editor, 'the policy editor');
    await expect(editor.getByLabel('Stop ring radius (mi)')).toHaveValue('8');
    await expect(editor.getByLabel('Gusts: stop at (mph)')).toHaveValue('55.9');
    await expect(editor.getByLabel('Heat index: caution at (°F)')).toHaveValue('102.9');
    await editor.screenshot({ path: 'test-results/screenshots/face-units-editor.png' });

    // A value refused is refused in miles; one field changed changes that field only.
    const caution = editor.locator('[data-path="lightning.rings.caution"]');
    await caution.fill('5');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(editor).toContainText('must be wider than the stop ring (8.0 mi)');
    await caution.fill('16');
    expect((await save(page, id)).ok()).toBe(true);
    const after = await storedSite(request, id);
    expect(after.policy.lightning.rings.caution).toBe(25.75);
    expect(after.policy.lightning.rings.stop).toBe(before.policy.lightning.rings.stop);
    expect(after.policy.lightning.rings.watch).toBe(before.policy.lightning.rings.watch);
    expect(after.policy.wind).toEqual(before.policy.wind);
    expect(after.policy.heat).toEqual(before.policy.heat);
    expect(after.policy.aqi).toEqual(before.policy.aqi);
    // Saved again unchanged in miles, nothing moves.
    expect((await save(page, id)).ok()).toBe(true);
    expect((await storedSite(request, id)).policy).toEqual(after.policy);
    await expect(caution).toHaveValue('16');

    // The event log: local times labelled with each site's zone, reasons in miles.
    await page.goto(`/?view=events&site=${id}&${imperial}`);
    const table = page.locator('.event-table');
    const stop = page.getByTestId('event-row').filter({ hasText: 'STOP' }).first();
    await expect(stop).toContainText(/2026-07-15 13:\d\d:\d\d CDT/);
    await expect(stop).toContainText(/inside the 8\.0 mi stop ring/);
    await expect(table.locator('caption')).toContainText('times local to the site');
    await expectNoLeak(table, 'the event log');
    await page.screenshot({ path: 'test-results/screenshots/face-units-event-log.png' });

    // Back to UTC: the same row in UTC, labelled so.
    await page.goto(`/?view=events&site=${id}&units=I&tz=utc`);
    await expect(page.getByTestId('event-row').filter({ hasText: 'STOP' }).first()).toContainText(
      /2026-07-15 18:\d\d:\d\d UTC/,
    );
  } finally {
    await request.delete(`/api/sites/${id}`, { headers: writeHeaders });
  }
});

test('the map’s scale bar and the lightning search read in miles with imperial units', async ({
  page,
}) => {
  await page.clock.setFixedTime(new Date(now));
  await page.goto(`/?lat=${storm.lat}&lon=${storm.lon}&z=8&layers=lightning&${imperial}`);
  await mapDrawn(page);
  await expect(page.locator('.maplibregl-ctrl-scale')).toHaveText(/^\d+\s(mi|ft)$/);
  // The search offers round miles, never converted kilometres.
  const within = page.getByLabel('Within', { exact: true });
  await expect(within.locator('option', { hasText: '10 mi' })).toHaveCount(1);
  await within.selectOption({ label: '10 mi' });
  // 10 mi is 16.09 km: the search reaches at least that far, in whole kilometres.
  await expect.poll(() => new URL(page.url()).searchParams.get('lkm')).toBe('17');
  await expect(within.locator('option:checked')).toHaveText('10 mi');
  await page.screenshot({ path: 'test-results/screenshots/face-units-map.png' });
});
