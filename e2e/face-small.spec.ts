import { expect, type Locator, type Page, test } from '@playwright/test';
import { adminPassword } from './playwright.config';

/**
 * Issue 27, item 12 (the page's small items): the alarm button says whether sound is on; "Link
 * copied" does not move the toolbar; a link's valid half of a point dropped with an invalid
 * other half is named, and so is a link version this Skydeck does not read; a long site name
 * wraps within its card on the board.
 */

const writeHeaders = { 'x-requested-with': 'skydeck' };

/** Where every control of the top bar is, to the pixel. */
async function toolbarBoxes(page: Page) {
  return page
    .locator('.topbar button, .topbar select, .topbar input, .topbar a')
    .evaluateAll((elements) =>
      elements
        .filter((element) => (element as HTMLElement).offsetParent !== null)
        .map((element) => {
          const box = element.getBoundingClientRect();
          return `${element.textContent?.trim() || element.getAttribute('aria-label') || element.tagName}@${Math.round(box.x)},${Math.round(box.y)} ${Math.round(box.width)}×${Math.round(box.height)}`;
        }),
    );
}

test('the alarm button says whether sound is on', async ({ page }) => {
  await page.goto('/');
  const button = page.getByTestId('alarm-button');
  await expect(button).toHaveText('Alarms on, sound off');
  await button.click();
  await page.getByRole('checkbox', { name: 'Sound on stop and caution' }).check();
  await expect(button).toHaveText('Alarms on, sound on');
  await page.screenshot({ path: 'test-results/screenshots/face-small-alarm-sound.png' });
  await page.getByRole('checkbox', { name: 'Sound on stop and caution' }).uncheck();
  await expect(button).toHaveText('Alarms on, sound off');
  await page.evaluate(() => localStorage.removeItem('skydeck:alarms'));
});

test('"Link copied" does not move the toolbar', async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.goto('/?v=3&lat=35.78&lon=-78.64');
  // The alarm button comes after the first paint: the toolbar is whole once it is there.
  await expect(page.getByTestId('alarm-button')).toBeVisible();
  const before = await toolbarBoxes(page);
  const header = await page.locator('.topbar').boundingBox();
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByTestId('copy-link-status')).toHaveText('Link copied');
  await page.screenshot({ path: 'test-results/screenshots/face-small-link-copied.png' });
  expect(await toolbarBoxes(page)).toEqual(before);
  expect(await page.locator('.topbar').boundingBox()).toEqual(header);
  // And when it goes.
  await expect(page.getByTestId('copy-link-status')).toHaveText('');
  expect(await toolbarBoxes(page)).toEqual(before);
});

test('a link notice names a valid lat dropped with an invalid lon, and an unknown version', async ({
  page,
}) => {
  await page.goto('/?v=3&lat=40&lon=999');
  const notice = page.getByTestId('link-notice');
  await expect(notice).toContainText(
    '“lon=999” is not valid: lon must be a number from -180 to 180',
  );
  await expect(notice).toContainText('“lat=40” was ignored too: it needs a valid “lon”');
  await page.screenshot({ path: 'test-results/screenshots/face-small-lat-lon.png' });

  await page.goto('/?v=99&lat=35.78&lon=-78.64');
  await expect(page.getByTestId('link-notice')).toHaveText(
    /“v=99” is not a link version this Skydeck reads \(1 to 3\): it was read as version 3/,
  );
  await page.screenshot({ path: 'test-results/screenshots/face-small-version.png' });
});

/** Every line of the name inside its card, nothing cut off or hidden. */
async function expectWithin(name: Locator, card: Locator) {
  const [nameBox, cardBox] = [await name.boundingBox(), await card.boundingBox()];
  expect(nameBox!.x).toBeGreaterThanOrEqual(cardBox!.x);
  expect(nameBox!.x + nameBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);
  const overflow = await name.evaluate((element) => ({
    scroll: element.scrollWidth,
    client: element.clientWidth,
    lineHeight: parseFloat(getComputedStyle(element).lineHeight),
    height: element.getBoundingClientRect().height,
  }));
  expect(overflow.scroll).toBeLessThanOrEqual(overflow.client);
  // More than one line: the name wrapped rather than being cut.
  expect(overflow.height).toBeGreaterThan(overflow.lineHeight * 1.5);
}

test('a long site name wraps within its card on the board', async ({ page }) => {
  await page.request.post('/api/session', {
    headers: writeHeaders,
    data: { username: 'admin', password: adminPassword },
  });
  const names = [
    'E2E Pocahontas Municipal Airport north apron lightning shelter number twelve',
    'E2E-Pocahontas-Municipal-Airport-North-Apron-Lightning-Shelter-Twelve-West',
  ];
  const ids: string[] = [];
  for (const [index, name] of names.entries()) {
    const created = await page.request.post('/api/sites', {
      headers: writeHeaders,
      data: { name, lat: 10 + index, lon: 20 },
    });
    expect(created.status()).toBe(201);
    ids.push(((await created.json()) as { site: { id: string } }).site.id);
  }
  try {
    for (const screen of [
      { name: 'desktop', width: 1440, height: 900 },
      { name: '390', width: 390, height: 844 },
    ]) {
      await page.setViewportSize({ width: screen.width, height: screen.height });
      await page.goto('/?v=3&view=board');
      for (const [index, id] of ids.entries()) {
        const card = page.locator(`[data-testid="site-card"][data-site-id="${id}"]`);
        const name = card.locator('.site-card__name');
        await expect(name).toHaveText(names[index] as string);
        await card.scrollIntoViewIfNeeded();
        await expectWithin(name, card);
      }
      await page
        .locator(`[data-testid="site-card"][data-site-id="${ids[1]}"]`)
        .screenshot({ path: `test-results/screenshots/face-small-long-name-${screen.name}.png` });
    }
  } finally {
    for (const id of ids) await page.request.delete(`/api/sites/${id}`, { headers: writeHeaders });
  }
});
