import { expect, test } from '@playwright/test';
import { signInByApi, writeHeaders } from './sign-in';

/**
 * A site's working hours against the real BFF (its clock pinned to Wednesday 15 July 2026, 18:20
 * UTC, 13:20 in Chicago): an operator sets a schedule in the site editor, by keyboard-reachable
 * labelled controls, and the board then shows the site at its level, "STOP · off hours", never
 * a calmer colour. Screenshots of the editor (desktop and 390 px) and the board.
 */

/** Pocahontas, Arkansas: a storm in the simulated world at the pinned time. */
const storm = { lat: 36.5, lon: -91 };

/** The site this file adds, deleted after the test (its record stays): the specs after it share
 * the server, and a site left at the storm would sit under their clicks and in their panels. */
const added: string[] = [];

test.afterEach(async ({ page }) => {
  for (const id of added.splice(0))
    await page.request.delete(`/api/sites/${id}`, { headers: writeHeaders });
});

test('an operator sets working hours and the board shows the site STOP · off hours', async ({
  page,
}) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await signInByApi(page);
  const name = `Hours yard ${Date.now().toString(36)}`;
  const created = await page.request.post('/api/sites', {
    headers: writeHeaders,
    data: { name, ...storm },
  });
  expect(created.status()).toBe(201);
  const { site } = (await created.json()) as { site: { id: string } };
  added.push(site.id);

  await page.goto(`/?v=3&view=board&site=${encodeURIComponent(site.id)}`);
  const editor = page.getByTestId('schedule-editor');
  await expect(editor).toBeVisible();
  // Off by default: always active.
  await expect(editor).toContainText('Always active');
  const toggle = editor.getByLabel('Alarm only in working hours');
  await toggle.focus();
  await page.keyboard.press('Space');
  await expect(toggle).toBeChecked();

  // Window 1: Saturday mornings only (closed on a Wednesday afternoon).
  const window1 = editor.getByRole('group', { name: 'Window 1' });
  for (const day of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri'])
    await window1.getByRole('checkbox', { name: day, exact: true }).uncheck();
  await window1.getByRole('checkbox', { name: 'Sat', exact: true }).check();
  await window1.getByLabel('From').fill('08:00');
  await window1.getByLabel('To').fill('09:00');
  await editor.getByLabel('Time zone').fill('America/Chicago');
  await expect(
    editor.getByRole('group', { name: 'Always alarm for' }).getByLabel('Warning alerts'),
  ).toBeChecked();

  // A rule the body refuses is shown under its field, before anything is sent.
  await editor.getByRole('button', { name: 'Add window' }).click();
  const window2 = editor.getByRole('group', { name: 'Window 2' });
  await window2.getByLabel('From').fill('10:00');
  await window2.getByLabel('To').fill('10:00');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(window2).toContainText('must end at another time than it starts');
  await window2.getByRole('button', { name: 'Remove window 2' }).click();

  await editor.scrollIntoViewIfNeeded();
  await editor.screenshot({ path: 'test-results/screenshots/schedule-editor.png' });
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeVisible();

  const saved = await page.request.get(`/api/sites/${site.id}`);
  const body = (await saved.json()) as { site: { schedule: unknown; status: unknown } };
  expect(body.site.schedule).toEqual({
    timezone: 'America/Chicago',
    windows: [{ days: ['sat'], from: '08:00', to: '09:00' }],
    always: ['Warning'],
  });
  expect(body.site.status).toMatchObject({ level: 'stop', off_hours: true });

  // At 390 px every control stays on the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(390);
  await editor.scrollIntoViewIfNeeded();
  await editor.screenshot({ path: 'test-results/screenshots/schedule-editor-390.png' });

  // The board: the level stays, in its colour, and says off hours.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/?v=3&view=board');
  const card = page.getByTestId('site-card').filter({ hasText: name });
  await expect(card.getByTestId('level-badge')).toHaveText('STOP · off hours');
  await expect(card).toHaveAttribute('data-level', 'stop');
  await expect(card).toHaveAttribute('data-off-hours', 'true');
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screenshots/schedule-board.png' });

  // A wall shows it the same way.
  await page.goto('/?view=board&kiosk=1');
  await expect(
    page.getByTestId('site-card').filter({ hasText: name }).getByTestId('level-badge'),
  ).toHaveText('STOP · off hours');
  await page.screenshot({ path: 'test-results/screenshots/schedule-wall.png' });
});
