import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { advanceUntil, mapDrawn } from './page-settled';
import { policyPresets } from '../src/shared/safety/site-policy';
import { adminPassword, simulatorNow } from './playwright.config';
import { startServer } from './start-server';
import { signInWithForm } from './sign-in';

const port = Number(process.env.E2E_PORT ?? 8180);

/**
 * The watch against the real BFF: an operator signs in, adds a site by clicking the map beside
 * the storm, sees it STOP on the board and its rings on the map, acknowledges the event and
 * exports the record; a wall shows the board on a landscape and a portrait screen.
 */

/** Pocahontas, Arkansas: a storm in the simulated world at the pinned time. */
const storm = { lat: 36.5, lon: -91 };
const now = Date.parse(simulatorNow);
/** The general preset's stop ring: 8 mi, to a tenth of a km; work resumes 30 min after. */
const stopKm = 12.9;
const allClearMinutes = 30;

interface Strike {
  properties: { distance_km: number; timestamp_utc: string };
}

/**
 * Seconds until the newest strike within the stop ring is 30 minutes old, from the provider's own
 * strikes around the point: the rule as the lightning-safety guidance states it.
 */
async function expectedSecondsToAllClear(page: Page, point: { lat: number; lon: number }) {
  const answer = await page.request.get(
    `/api/current/lightning?lat=${point.lat}&lon=${point.lon}&search_distance_km=20&search_mins=${allClearMinutes}&sort=distance&limit=1000&output_type=geojson`,
  );
  const strikes = ((await answer.json()) as { features: Strike[] }).features;
  const inside = strikes.filter((strike) => strike.properties.distance_km <= stopKm);
  expect(inside.length).toBeGreaterThan(0);
  const newest = Math.max(
    ...inside.map((strike) => Date.parse(`${strike.properties.timestamp_utc}Z`)),
  );
  return Math.ceil((newest + allClearMinutes * 60_000 - now) / 1000);
}

function seconds(countdown: string): number {
  const [minutes, rest] = countdown.split(':');
  return Number(minutes) * 60 + Number(rest);
}

/** Where a place is on the map's canvas, in pixels from its top left. */
function pixelOf(page: Page, point: { lat: number; lon: number }) {
  return page.evaluate(({ lat, lon }) => {
    const pixel = window.__skydeckMap!.project([lon, lat]);
    return { x: pixel.x, y: pixel.y };
  }, point);
}

test('an operator adds a site by the storm, sees it STOP on the board and the map, acknowledges it and exports the record', async ({
  page,
}) => {
  // The browser's clock on the server's pinned time, so the countdown reads to the second.
  await page.clock.setFixedTime(new Date(now));
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(`/?view=board&c=${storm.lat},${storm.lon}&z=8`);
  await expect(page.getByTestId('stream-indicator')).toHaveText('Live');
  await expect(page.getByTestId('board')).toBeVisible();
  // Reading needs no account, writing does: no write control before signing in.
  await expect(page.getByRole('button', { name: 'Add site' })).toHaveCount(0);

  // A wrong password is refused with the BFF's words, then the right one signs in.
  await page.getByRole('button', { name: 'Sign in' }).click();
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Username').fill('admin');
  await form.getByLabel('Password').fill('not-the-password');
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(form.getByRole('alert')).toHaveText('Wrong username or password');
  await form.getByLabel('Password').fill(adminPassword);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('signed-in-as')).toHaveText('Signed in as admin');

  // Add a site by clicking the map on the storm.
  await page.getByRole('button', { name: 'Add site' }).click();
  const adding = page.getByTestId('add-site-form');
  await expect(page.locator('.map[data-map-ready="true"]')).toBeVisible();
  await mapDrawn(page);
  await page.locator('.maplibregl-canvas').click({ position: await pixelOf(page, storm) });
  const lat = Number(await adding.getByLabel('Latitude').inputValue());
  const lon = Number(await adding.getByLabel('Longitude').inputValue());
  // A pixel at zoom 8 is some 500 m: the click lands within a hundredth of a degree.
  expect(Math.abs(lat - storm.lat)).toBeLessThan(0.01);
  expect(Math.abs(lon - storm.lon)).toBeLessThan(0.01);
  await adding.getByLabel('Name').fill('E2E storm yard');
  await expect(adding.getByLabel('Policy')).toHaveValue('general');
  await adding.getByRole('button', { name: 'Add site' }).click();
  await expect(adding).toHaveCount(0);

  // On the board: STOP in words as well as colour, first and with the countdown to the second.
  const card = page.getByTestId('site-card').filter({ hasText: 'E2E storm yard' });
  await expect(card).toHaveAttribute('data-level', 'stop');
  await expect(card.getByTestId('level-badge')).toHaveText('STOP');
  await expect(page.getByTestId('site-card').first()).toHaveAttribute('data-level', 'stop');
  await expect(card.getByTestId('site-reason')).toContainText(`inside the ${stopKm} km stop ring`);
  // The watch dates a strike by its age in the answer (past_mins, to a tenth of a minute) read as
  // the latest the strike could have been: its all-clear is never before the timestamp's, and at
  // most 6 s after (countdowns shown in whole seconds, so one more either way).
  const countdown = await card.getByTestId('all-clear').textContent();
  expect(countdown).toMatch(/^All clear in \d+:\d\d$/);
  const shown = seconds(countdown!.replace('All clear in ', ''));
  const late = shown - (await expectedSecondsToAllClear(page, { lat, lon }));
  expect(late).toBeGreaterThanOrEqual(-1);
  expect(late).toBeLessThanOrEqual(7);
  const siteId = await card.getAttribute('data-site-id');
  expect(siteId).toBeTruthy();

  // Its page brings the map round to it: its stop ring is drawn, heavier than the others.
  await card.getByRole('link', { name: 'E2E storm yard' }).click();
  await expect(page.getByTestId('site-page')).toBeVisible();
  await mapDrawn(page);
  const rings = await page.evaluate(
    (id) =>
      window
        .__skydeckMap!.queryRenderedFeatures({ layers: ['watch-site-rings'] })
        .filter((feature) => feature.properties.id === id)
        .map((feature) => `${feature.properties.ring}:${feature.properties.active}`),
    siteId,
  );
  expect(new Set(rings)).toEqual(new Set(['stop:true', 'caution:false', 'watch:false']));
  await page.screenshot({ path: 'test-results/screenshots/watch-site.png' });

  // Acknowledge the change to STOP, with a note.
  const event = page.getByTestId('event-row').filter({ hasText: 'NO DATA' });
  await expect(event).toHaveCount(1);
  await event.getByRole('button', { name: /^Acknowledge STOP at E2E storm yard/ }).click();
  await event.getByLabel('Note (optional)').fill('Crews in the shelter, "all" of them');
  await event.getByRole('button', { name: 'Save acknowledgement' }).click();
  await expect(event.getByTestId('acknowledged')).toHaveText(
    'By admin at 13:20 CDT: “Crews in the shelter, "all" of them”',
  );

  // The event log, filtered to the site, exports its whole record as CSV.
  await page.getByRole('link', { name: 'Full event log' }).click();
  await expect(page.getByRole('heading', { name: 'Event log' })).toBeVisible();
  await expect(page.getByLabel('Site', { exact: true })).toHaveValue(siteId!);
  const exportLink = page.getByRole('link', { name: 'Export CSV' });
  await expect(exportLink).toHaveAttribute('href', `/api/events?site=${siteId}&format=csv`);
  const [download] = await Promise.all([page.waitForEvent('download'), exportLink.click()]);
  const csv = readFileSync((await download.path())!, 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe(
    'id,site_id,site_name,at,from,to,rule,reason,data_age_s,acknowledged_by,acknowledged_at,ack_note,cause,off_hours',
  );
  // One row, this site's: its change to STOP, acknowledged with the note quoted as RFC 4180 says.
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(`,${siteId},E2E storm yard,2026-07-15T18:20:00.000Z,no_data,stop,`);
  expect(lines[1]).toContain(',admin,2026-07-15T18:20:00.000Z,');
  // The weather's own STOP (no cause), in working hours (the site has no schedule).
  expect(lines[1]!.endsWith(',"Crews in the shelter, ""all"" of them",,false')).toBe(true);
  // The servers are shared by every spec: the others expect the demo sites alone.
  const removed = await page.request.delete(`/api/sites/${siteId}`, {
    headers: { 'x-requested-with': 'skydeck' },
  });
  expect(removed.ok()).toBe(true);
});

test('without the live stream the board polls, says so, and keeps retrying the stream', async ({
  page,
}) => {
  let attempts = 0;
  await page.route('**/api/stream**', (route) => {
    attempts += 1;
    return route.abort('connectionrefused');
  });
  // The stream's retries wait out their backoff on the page's clock, moved on by the test.
  await page.clock.install();
  await page.goto('/?view=board');
  const indicator = page.getByTestId('stream-indicator');
  await expect(indicator).toHaveText('Polling every 15 s');
  await expect(page.getByTestId('site-card').first()).toBeVisible();
  // The first retry comes 2 s after the first failure.
  await advanceUntil(page, async () => attempts >= 2, 10_000);
  await expect(indicator).toHaveText('Polling every 15 s');
  await page.unroute('**/api/stream**');
  await advanceUntil(page, async () => (await indicator.textContent()) === 'Live', 30_000);
});

test('on a Skydeck without an operator the way in is creating the admin account, with the code from the server’s log', async ({
  page,
}) => {
  // A server of its own with no SKYDECK_ADMIN_PASSWORD and an empty DATA_DIR: a real first run.
  const server = await startServer(port + 10, 'first-run', { SKYDECK_ADMIN_PASSWORD: '' });
  try {
    await expect.poll(() => server.setupCodes().length).toBe(1);
    const [code] = server.setupCodes();
    await page.goto(`${server.url}/?view=board`);
    await page.getByRole('button', { name: 'Create the admin account' }).click();
    const form = page.getByRole('form', { name: 'Create the admin account' });
    await expect(form.getByLabel('Username')).toHaveValue('admin');
    await expect(
      form.getByText('In the server\'s log, on the line with "event":"setup-code"'),
    ).toBeVisible();
    await form.getByLabel('Password').fill('a-new-admin-password');
    await form.getByLabel('Setup code').fill('WRONG-CODE-1234');
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(form.getByRole('alert')).toHaveText(
      'Wrong or missing setup_code: it is in the server\'s log, on the line with "event":"setup-code"',
    );
    // The board's toolbar wraps and puts the button at the left: the form stays on the screen.
    await expect(form).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: 'test-results/screenshots/first-run.png' });
    await form.getByLabel('Password').fill('a-new-admin-password');
    await form.getByLabel('Setup code').fill(code as string);
    await form.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByTestId('signed-in-as')).toHaveText('Signed in as admin');
  } finally {
    server.stop();
  }
});

test('an operator’s policy edit is checked against the policy’s ranges before it is sent', async ({
  page,
}) => {
  await page.goto('/?view=board');
  await signInWithForm(page);
  await page
    .getByTestId('site-card')
    .filter({ hasText: 'Pocahontas depot' })
    .getByRole('link')
    .click();
  const editor = page.getByRole('form', { name: 'Site, policy and working hours' });
  await expect(editor.getByLabel('Preset')).toHaveValue('general');
  await editor.getByLabel('Caution ring radius').fill('5');
  await editor.getByLabel('All clear after').fill('90');
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await expect(editor.getByLabel('Caution ring radius')).toHaveAttribute('aria-invalid', 'true');
  await expect(editor).toContainText('must be wider than the stop ring (12.9 km)');
  await expect(editor).toContainText('must be a whole number from 10 to 60 minutes');
  await expect(editor.getByLabel('Preset')).toHaveValue('custom');
  // A preset puts every field back within its range; saving it is accepted.
  await editor.getByLabel('Preset').selectOption('crane');
  await expect(editor.getByLabel('Stop ring radius')).toHaveValue('16.1');
  await editor.getByRole('button', { name: 'Save changes' }).click();
  await expect(editor.getByRole('status')).toHaveText('Saved.');
});

test('an operator deletes a site: it leaves the board, its record stays in the log', async ({
  page,
}) => {
  await page.goto('/?view=board');
  await signInWithForm(page);
  // A site of this test's own, added through the API with the page's session.
  const created = await page.request.post('/api/sites', {
    headers: { 'x-requested-with': 'skydeck' },
    data: { name: 'E2E short-lived yard', lat: 36.45, lon: -91.05 },
  });
  expect(created.status()).toBe(201);
  const { site } = (await created.json()) as { site: { id: string } };
  await page.goto(`/?view=board&site=${site.id}`);
  const editor = page.getByRole('form', { name: 'Site, policy and working hours' });
  await editor.getByRole('button', { name: 'Delete site' }).click();
  await editor.getByRole('button', { name: 'Delete E2E short-lived yard for good' }).click();
  await expect(page.getByTestId('board')).toBeVisible();
  await expect(
    page.getByTestId('site-card').filter({ hasText: 'E2E short-lived yard' }),
  ).toHaveCount(0);
  expect((await page.request.get(`/api/sites/${site.id}`)).status()).toBe(404);
  // The record is permanent: the site's first change of level is still in the log.
  await page.goto(`/?view=events&site=${site.id}`);
  const siteFilter = page.getByLabel('Site', { exact: true });
  await expect(siteFilter).toHaveValue(site.id);
  await expect(siteFilter.getByRole('option', { selected: true })).toHaveText(
    `Site ${site.id} (no longer watched)`,
  );
  await expect(page.getByTestId('event-row').first()).toContainText('NO DATA →');
});

test('a level change decided on the server reaches an open board within seconds', async ({
  page,
  browser,
}) => {
  // An operator elsewhere (a context of its own) and a wall board that nobody touches.
  const operator = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const write = { 'x-requested-with': 'skydeck' };
  const signedIn = await operator.request.post('/api/session', {
    headers: write,
    data: { username: 'admin', password: adminPassword },
  });
  expect(signedIn.status()).toBe(204);
  // Lightning alone decides this site, on rings too small for the storm's strikes at first.
  const lightningOnly = {
    ...policyPresets.general,
    lightning: { rings: { stop: 1, caution: 2, watch: 3 }, all_clear_minutes: 30 },
    wind: { sustained_ms: { caution: null, stop: null }, gust_ms: { caution: null, stop: null } },
    alerts: { Warning: null, Watch: null, Advisory: null },
    aqi: { caution: null, stop: null },
    heat: { heat_index_c: { caution: null, stop: null }, wbgt_flag: { caution: null, stop: null } },
  };
  const created = await operator.request.post('/api/sites', {
    headers: write,
    data: { name: 'E2E stream yard', ...storm, policy: lightningOnly },
  });
  expect(created.status()).toBe(201);
  const { site } = (await created.json()) as { site: { id: string; status: { level: string } } };
  expect(site.status.level).toBe('clear');

  await page.goto('/?view=board&kiosk=1');
  await expect(page.getByTestId('stream-indicator')).toHaveText('Live');
  const card = page.locator(`[data-testid="site-card"][data-site-id="${site.id}"]`);
  await expect(card).toHaveAttribute('data-level', 'clear');
  // The page notes the moment the card turns, on the machine's clock the test reads too.
  await page.evaluate((id) => {
    const target = document.querySelector(`[data-testid="site-card"][data-site-id="${id}"]`)!;
    new MutationObserver(() => {
      if (target.getAttribute('data-level') === 'stop')
        (window as unknown as { __turnedAt?: number }).__turnedAt ??= Date.now();
    }).observe(target, { attributes: true, attributeFilter: ['data-level'] });
  }, site.id);

  // The operator widens the rings: the watch asks at once and the storm is inside.
  const asked = Date.now();
  const changed = await operator.request.patch(`/api/sites/${site.id}`, {
    headers: write,
    data: { policy: { ...lightningOnly, lightning: policyPresets.general.lightning } },
  });
  const decided = Date.now();
  expect(changed.status()).toBe(200);
  expect(
    ((await changed.json()) as { site: { status: { level: string } } }).site.status.level,
  ).toBe('stop');
  await expect(card).toHaveAttribute('data-level', 'stop');
  const turnedAt = await page.evaluate(
    () => (window as unknown as { __turnedAt: number }).__turnedAt,
  );
  const delays = { decision_ms: decided - asked, to_page_ms: turnedAt - decided };
  test.info().annotations.push({ type: 'sse-delay', description: JSON.stringify(delays) });
  console.log(`watch: level change to the board ${JSON.stringify(delays)}`);
  expect(turnedAt - asked).toBeLessThan(5_000);
  await operator.request.delete(`/api/sites/${site.id}`, { headers: write });
  await operator.close();
});

for (const screen of [
  { name: '1080p', width: 1920, height: 1080 },
  { name: 'portrait', width: 1080, height: 1920 },
]) {
  test(`a wall shows the whole board on a ${screen.name} screen, without editing controls`, async ({
    page,
  }) => {
    await page.clock.setFixedTime(new Date(now));
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width: screen.width, height: screen.height });
    // Signed in, so the controls the wall hides would otherwise be there.
    await page.goto('/?view=board');
    await signInWithForm(page);
    await page.goto('/?view=board&kiosk=1');
    await expect(page.getByTestId('stream-indicator')).toHaveText('Live');
    const cards = page.getByTestId('site-card');
    await expect(cards.first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Add site' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Sign (in|out)$/ })).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Views' })).toHaveCount(0);
    await expect(cards.getByRole('link')).toHaveCount(0);
    // Every site in full view, nothing to scroll to.
    for (const card of await cards.all()) await expect(card).toBeInViewport({ ratio: 1 });
    expect(
      await page.evaluate(() => document.documentElement.scrollHeight <= window.innerHeight),
    ).toBe(true);
    // The map frames the sites (the link then names where it looks): each one's marker is drawn.
    await expect(page).toHaveURL(/[?&]c=/);
    await mapDrawn(page);
    // Polled: once (in 77 tests of a fresh-clone run) the map was between instances just then.
    const sitesDrawn = () =>
      page.evaluate(() => {
        const map = window.__skydeckMap;
        if (!map) return -1;
        return new Set(
          map
            .queryRenderedFeatures({ layers: ['watch-sites'] })
            .map((feature) => feature.properties.id as string),
        ).size;
      });
    await expect.poll(sitesDrawn).toBe(await cards.count());
    await page.screenshot({ path: `test-results/screenshots/watch-board-${screen.name}.png` });
  });
}
