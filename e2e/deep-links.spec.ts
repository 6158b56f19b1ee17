import { expect, test } from '@playwright/test';
import { simulatorNow } from './playwright.config';

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(new Date(simulatorNow));
});

/**
 * One link with every key the map dashboard writes, each off its default (the watch's keys open
 * other views: e2e/watch.spec.ts).
 */
const everyKey = new URLSearchParams({
  v: '3',
  lat: '35.78',
  lon: '-78.64',
  z: '8',
  units: 'I',
  layers: 'lightning',
  stop_km: '15',
  clear_min: '45',
  lkm: '50',
  lmin: '15',
  lsort: 'time',
  llimit: '500',
  lang: 'de',
  panel: 'airquality',
  panel_view: 'table',
  tz: 'utc',
  days: '7',
  hours: '24',
  pollutants: 'pm25,o3',
  tp: 'hourly',
  threshold: '65',
  dataset: 'daily',
  city: 'Raleigh',
  country: 'US',
  start_date: '2026-06-01',
  end_date: '2026-07-01',
});

test('a link with every key opens that view, and leaves the link as it was', async ({ page }) => {
  await page.goto(`/?${everyKey}`);
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByTestId('airquality')).toBeVisible();
  await expect(page.getByLabel('Hours', { exact: true })).toHaveValue('24');
  await expect(page.getByLabel('PM2.5')).toBeChecked();
  await expect(page.getByLabel('O₃')).toBeChecked();
  await expect(page.getByLabel('Units')).toHaveValue('I');
  await expect(page.getByLabel('Language')).toHaveValue('de');
  await expect(page.getByLabel('Times')).toHaveValue('utc');
  await expect(page.getByRole('button', { name: /Lightning/ })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByLabel('Within', { exact: true })).toHaveValue('50');
  await expect(page.getByLabel('Order', { exact: true })).toHaveValue('time');
  await expect(page.getByTestId('link-notice')).toHaveCount(0);
  const after = new URL(page.url()).searchParams;
  for (const [key, value] of everyKey) expect(after.get(key), key).toBe(value);

  // The other panels read their keys from the same link.
  await page.getByRole('tab', { name: 'History' }).click();
  await expect(page.getByLabel('Data set')).toHaveValue('daily');
  await expect(page.getByLabel('City')).toHaveValue('Raleigh');
  await expect(page.getByLabel('From')).toHaveValue('2026-06-01');
  await page.getByRole('tab', { name: 'Energy' }).click();
  await expect(page.getByLabel('Period')).toHaveValue('hourly');
  await expect(page.getByLabel('Degree-day base (°F)')).toHaveValue('65');
  await page.getByRole('tab', { name: '16-day' }).click();
  await expect(page.getByLabel('Days')).toHaveValue('7');
});

test('changing the view changes the link, and the link opens the changed view', async ({
  page,
}) => {
  await page.goto('/?lat=35.78&lon=-78.64&panel=daily');
  await page.getByLabel('Units').selectOption('S');
  await page.getByLabel('Language').selectOption('fr');
  await page.getByLabel('Times').selectOption('utc');
  await page.getByLabel('Days').selectOption('10');
  await page.getByRole('button', { name: 'Table', exact: true }).click();
  const link = new URL(page.url());
  expect(Object.fromEntries(link.searchParams)).toMatchObject({
    v: '3',
    units: 'S',
    lang: 'fr',
    tz: 'utc',
    days: '10',
    panel_view: 'table',
    panel: 'daily',
  });
  await page.goto(link.toString());
  await expect(page.getByRole('columnheader', { name: 'Max (K)' })).toBeVisible();
  await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(10);
});

test('a version 2 link to a table still opens the table, and is written as version 3', async ({
  page,
}) => {
  await page.goto('/?v=2&lat=35.78&lon=-78.64&panel=daily&view=table');
  await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(16);
  await expect(page.getByTestId('link-notice')).toHaveCount(0);
  const link = new URL(page.url()).searchParams;
  expect(link.get('v')).toBe('3');
  expect(link.get('panel_view')).toBe('table');
  expect(link.has('view')).toBe(false);
});

test('Back and Forward step through places and panels; map moves replace', async ({ page }) => {
  await page.goto('/?lat=35.78&lon=-78.64&z=6');
  await expect(page.getByTestId('place-name')).toHaveText('Raleigh, North Carolina, United States');
  await expect(page.locator('.map')).toHaveAttribute('data-map-ready', 'true');
  const entries = await page.evaluate(() => history.length);

  const box = (await page.locator('.map').boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.8, box.y + box.height * 0.3);
  // The heading is empty while the new place's name is looked up.
  await expect(page.getByTestId('place-name')).not.toHaveText(
    /^(Raleigh, North Carolina, United States)?$/,
  );
  const second = await page.getByTestId('place-name').textContent();
  await page.getByRole('tab', { name: '16-day' }).click();
  await expect(page.getByTestId('daily')).toBeVisible();
  // A drag is map movement: it replaces the entry rather than adding one.
  await page.mouse.move(box.x + 200, box.y + 200);
  await page.mouse.down();
  await page.mouse.move(box.x + 260, box.y + 240, { steps: 5 });
  await page.mouse.up();
  await expect.poll(() => page.evaluate(() => history.length)).toBe(entries + 2);

  await page.goBack();
  await expect(page.getByRole('tabpanel')).toHaveCount(0);
  await expect(page.getByTestId('place-name')).toHaveText(second ?? '');
  await page.goBack();
  await expect(page.getByTestId('place-name')).toHaveText('Raleigh, North Carolina, United States');
  // The map follows the link back (after its flight).
  await expect
    .poll(() => page.evaluate(() => window.__skydeckMap?.getCenter().lat ?? 0))
    .toBeCloseTo(35.78, 1);
  await page.goForward();
  await expect(page.getByTestId('place-name')).toHaveText(second ?? '');
});

test('a drag that ends after Back does not move the place Back returned to', async ({ page }) => {
  await page.goto('/?lat=35.78&lon=-78.64&z=6');
  await expect(page.locator('.map')).toHaveAttribute('data-map-ready', 'true');
  const box = (await page.locator('.map').boundingBox())!;
  await page.mouse.click(box.x + box.width * 0.8, box.y + box.height * 0.3);
  await expect(page.getByTestId('place-name')).not.toHaveText(
    /^(Raleigh, North Carolina, United States)?$/,
  );

  // A person's drag, still held when Back moves the map to the place before.
  const centre = () => page.evaluate(() => window.__skydeckMap?.getCenter().lat ?? 0);
  const before = await centre();
  await page.mouse.move(box.x + 200, box.y + 200);
  await page.mouse.down();
  await page.mouse.move(box.x + 260, box.y + 240, { steps: 5 });
  // MapLibre applies a drag's moves in its next frames; on a busy machine those can come after
  // Back's jump. A person's drag has moved the map before they press Back: so has this one.
  await expect.poll(centre).not.toBeCloseTo(before, 1);
  await page.goBack();
  await expect(page.getByTestId('place-name')).toHaveText('Raleigh, North Carolina, United States');
  await page.mouse.up();

  // The drag's end belongs to the entry it began on: Raleigh's keeps no map centre of its own.
  await expect.poll(centre).toBeCloseTo(35.78, 1);
  expect(new URL(page.url()).searchParams.has('c')).toBe(false);
});

test('unknown keys and invalid values are ignored with a notice, never a crash', async ({
  page,
}) => {
  await page.goto('/?lat=35.78&lon=-78.64&units=X&radar=on&days=99');
  const notice = page.getByTestId('link-notice');
  await expect(notice).toContainText('“units=X” is not valid: units must be one of M, S, I');
  await expect(notice).toContainText('“radar” is not a Skydeck setting');
  await expect(notice).toContainText(
    '“days=99” is not valid: days must be a whole number from 1 to 16',
  );
  await expect(page.getByTestId('place-name')).toHaveText('Raleigh, North Carolina, United States');
  await expect(page.getByTestId('temperature')).toContainText('°C');
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toHaveCount(0);
});

test('an old (version 1) link still opens as it meant', async ({ page }) => {
  await page.goto('/?lat=35.78&lon=-78.64&panel=minutely&time=utc');
  await expect(page.getByLabel('Times')).toHaveValue('utc');
  await expect(page.getByTestId('link-notice')).toHaveCount(0);
  const link = new URL(page.url()).searchParams;
  expect(link.get('tz')).toBe('utc');
  expect(link.get('time')).toBeNull();
});

test('a place is found by name, remembered as recent, and can be saved', async ({ page }) => {
  await page.goto('/?lat=40.71&lon=-74.01');
  await expect(page.getByTestId('place-name')).toHaveText('New York City, New York, United States');
  const search = page.getByRole('combobox', { name: 'Find a place' });
  await search.fill('raleigh');
  await expect(
    page.getByRole('option', { name: /Raleigh, North Carolina, United States/ }).first(),
  ).toBeVisible();
  await search.press('Enter');
  await expect(page.getByTestId('place-name')).toHaveText('Raleigh, North Carolina, United States');
  expect(Number(new URL(page.url()).searchParams.get('lat'))).toBeCloseTo(35.77, 1);

  await page.getByRole('button', { name: '☆ Save place' }).click();
  await page.reload();
  await search.focus();
  await expect(
    page.getByRole('option', { name: /Raleigh, North Carolina, United States\s*Saved/ }),
  ).toBeVisible();
  await expect(
    page.getByRole('option', { name: /Raleigh, North Carolina, United States\s*Recent/ }),
  ).toBeVisible();
  await page.goBack();
  await expect(page.getByTestId('place-name')).toHaveText('New York City, New York, United States');
});

test('a search that finds nothing says so over the map, where it can be seen', async ({ page }) => {
  await page.goto('/?lat=40.71&lon=-74.01&z=5');
  const search = page.getByRole('combobox', { name: 'Find a place' });
  await search.fill('xqzzyvw');
  // Announced from a live region, and shown in the search's own drop-down.
  const status = page.getByRole('status').filter({ hasText: 'No place called “xqzzyvw”' });
  await expect(status).toHaveCount(1);
  const message = status.locator('.place-search__empty');
  await expect(message).toBeVisible();
  // The message hangs down over the map: the topmost element at its centre must be the message.
  const onTop = await message.evaluate((message) => {
    const box = message.getBoundingClientRect();
    const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return top !== null && message.contains(top);
  });
  expect(onTop).toBe(true);
});

test('Copy link puts the view’s address on the clipboard', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/?lat=35.78&lon=-78.64&panel=daily&units=I');
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByTestId('copy-link-status')).toHaveText('Link copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
});
