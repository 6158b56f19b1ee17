import { expect, test } from '@playwright/test';
import { signInByApi, writeHeaders } from './sign-in';

/**
 * The forecast notice's setting in the site editor, against the real BFF: a labelled, optional
 * time input, reached and filled from the keyboard, saved as the site's `outlook_notice`, and
 * cleared back to none. A screenshot of the field as an operator sees it.
 */

/** Pocahontas, Arkansas: a storm in the simulated world at the pinned time. */
const storm = { lat: 36.5, lon: -91 };

/** Sites this file adds, deleted after each test: the specs after it share the server. */
const added: string[] = [];

test.afterEach(async ({ page }) => {
  for (const id of added.splice(0))
    await page.request.delete(`/api/sites/${id}`, { headers: writeHeaders });
});

const label = 'Tell channels the afternoon before a no-go day at';

test('an operator sets and clears the forecast notice time from the keyboard', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInByApi(page);
  const created = await page.request.post('/api/sites', {
    headers: writeHeaders,
    data: { name: `Notice yard ${Date.now().toString(36)}`, ...storm },
  });
  expect(created.status()).toBe(201);
  const { site } = (await created.json()) as { site: { id: string } };
  added.push(site.id);
  const read = async () =>
    (
      (await (await page.request.get(`/api/sites/${site.id}`)).json()) as {
        site: { outlook_notice: unknown };
      }
    ).site.outlook_notice;

  await page.goto(`/?v=3&view=board&site=${encodeURIComponent(site.id)}`);
  const field = page.getByLabel(label);
  await expect(field).toBeVisible();
  await expect(field).toHaveValue('');
  // Reached by Tab from the working-hours toggle, like every other field of the form.
  await page.getByLabel('Alarm only in working hours').focus();
  for (let i = 0; i < 10; i++) {
    if (await field.evaluate((input) => input === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(field).toBeFocused();
  await field.fill('16:00');
  await field.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();
  await expect.poll(read).toEqual({ at: '16:00' });

  await field.scrollIntoViewIfNeeded();
  await page
    .locator('.watch-field')
    .filter({ has: field })
    .screenshot({ path: 'test-results/screenshots/outlook-notice-field.png' });

  await field.fill('');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect.poll(read).toBeNull();
});
