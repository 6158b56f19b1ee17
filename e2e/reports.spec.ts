import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { signInWithForm, writeHeaders } from './sign-in';

/**
 * The stand-down report against the real BFF in demo mode. Its clock stands at the pinned
 * 2026-07-15T18:20Z, so the watch itself records nothing with a length: a site is added beside
 * the storm over Pocahontas (America/Chicago, UTC-5 in July) and two days of its record are
 * appended to the BFF's own SQLite file, as the watch would have written them. An operator picks
 * the site and days with the keyboard (kept in the link), reads the totals, the chart and its
 * table, downloads the CSV, and prints it: the print view drops the app's bars and controls and
 * keeps the site, the period, the policy in force and the event list.
 */

/** [when, to, rule]: 09:00–10:00 CDT caution, 10:00–11:30 a lightning stop, and so on. */
const record: [string, string, string][] = [
  ['2026-07-14T14:00:00Z', 'caution', 'lightning'],
  ['2026-07-14T15:00:00Z', 'stop', 'lightning'],
  ['2026-07-14T16:30:00Z', 'caution', 'lightning'],
  ['2026-07-14T17:00:00Z', 'clear', 'all-clear'],
  ['2026-07-14T22:00:00Z', 'stop', 'wind'],
  ['2026-07-14T23:00:00Z', 'clear', 'all-clear'],
  // 23:00 to 01:00 local: across midnight.
  ['2026-07-15T04:00:00Z', 'stop', 'lightning'],
  ['2026-07-15T06:00:00Z', 'no_data', 'data'],
  ['2026-07-15T07:00:00Z', 'clear', 'all-clear'],
  // 11:00 local, until the watch's own change to STOP at 18:20Z, when the site was added.
  ['2026-07-15T16:00:00Z', 'stop', 'heat'],
];

function appendRecord(siteId: string, siteName: string): void {
  const data = process.env.SKYDECK_E2E_DATA ?? '';
  const db = new Database(join(data, 'business', 'skydeck.sqlite'));
  db.pragma('busy_timeout = 5000');
  const insert = db.prepare(
    `INSERT INTO events (site_id, site_name, at, from_level, to_level, rule, reason, evidence, data_age_s, seq)
     VALUES (?, ?, ?, ?, ?, ?, ?, '[]', 0, ?)`,
  );
  let from = 'no_data';
  // Numbers far past the watch's own, which goes on from 1 for this site.
  record.forEach(([when, to, rule], index) => {
    insert.run(
      siteId,
      siteName,
      Date.parse(when),
      from,
      to,
      rule,
      `${rule}: e2e record`,
      1000 + index,
    );
    from = to;
  });
  db.close();
}

test('an operator reads, downloads and prints a stand-down report', async ({ page }) => {
  await page.goto('/?view=reports&from=2026-07-14&to=2026-07-15');
  await expect(page.getByText('Sign in as an operator to see stand-down reports.')).toBeVisible();
  await signInWithForm(page);
  await expect(page.getByTestId('report-site').first()).toBeVisible();
  const added = await page.request.post('/api/sites', {
    headers: writeHeaders,
    data: { name: 'E2E claim field', lat: 36.26, lon: -90.97 },
  });
  expect(added.status()).toBe(201);
  const { site: field } = (await added.json()) as { site: { id: string } };
  appendRecord(field.id, 'E2E claim field');
  await page.reload();

  // One site, chosen with the keyboard alone; the days stay as the link gave them.
  const form = page.getByRole('form', { name: 'Choose the report' });
  const site = form.getByLabel('Site');
  await site.focus();
  await site.selectOption({ label: 'E2E claim field' });
  await expect(form.getByLabel('First day')).toHaveValue('2026-07-14');
  await form.getByLabel('Last day').focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/view=reports/);
  await expect(page).toHaveURL(/site=[A-Za-z0-9_-]+/);
  await expect(page).toHaveURL(/from=2026-07-14&to=2026-07-15|to=2026-07-15.*from=2026-07-14/);
  const report = page.getByTestId('report-site');
  await expect(report).toHaveCount(1);
  await expect(report.getByRole('heading', { name: 'E2E claim field' })).toBeVisible();
  await expect(report).toContainText('days in America/Chicago');
  // 90 + 60 + 120 + 140 minutes in four stops, the heat one still open at 18:20Z.
  const totals = report.getByTestId('report-totals');
  await expect(totals).toContainText('At STOP6 h 50 min');
  await expect(totals).toContainText('Stops4');
  await expect(totals).toContainText('Longest stop2 h 20 min');
  await expect(totals).toContainText('STOP for lightning3 h 30 min');
  await expect(totals).toContainText('STOP for wind1 h 00 min');
  await expect(totals).toContainText('STOP for heat2 h 20 min');
  await expect(totals).toContainText('At CAUTION1 h 30 min');
  await expect(totals).toContainText('NO DATA1 h 00 min');
  await expect(report.locator('.recharts-bar-rectangle').first()).toBeVisible();
  // The record behind the figures.
  await expect(report.getByTestId('event-row').first()).toContainText('STOP');
  await page.screenshot({ path: 'test-results/screenshots/reports-desktop.png', fullPage: true });

  // The table alternative: every day, in hours.
  await report.getByRole('button', { name: 'Table' }).click();
  const table = report.getByRole('region', { name: /E2E claim field: hours per day/ }).first();
  // Date, STOP, then lightning, wind, alerts, heat, air quality, CAUTION, NO DATA (hours).
  await expect(table.getByRole('row', { name: /^2026-07-14 / })).toHaveText(
    '2026-07-143.52.510001.50',
  );
  await expect(table.getByRole('row', { name: /^2026-07-15 / })).toHaveText(
    '2026-07-153.331002.33001',
  );
  await report.getByRole('button', { name: 'Chart' }).click();

  // A period the server would refuse is refused on the page, saying why.
  await form.getByLabel('Last day').fill('2026-07-01');
  await form.getByRole('button', { name: 'Show report' }).click();
  await expect(form.getByText('The last day must not be before the first.')).toBeVisible();
  await expect(page).toHaveURL(/to=2026-07-15/);
  await form.getByLabel('Last day').fill('2026-07-15');

  // The CSV the link downloads: a header, then a row per day.
  const href = await form.getByRole('link', { name: 'Download CSV' }).getAttribute('href');
  expect(href).toContain('format=csv');
  const csv = await page.request.get(href ?? '');
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  const lines = (await csv.text()).trim().split('\r\n');
  expect(lines[0]).toMatch(/^site_id,site_name,timezone,date,stop_minutes,/);
  expect(lines.slice(1)).toEqual([
    `${field.id},E2E claim field,America/Chicago,2026-07-14,210,90,0,150,0,60,0,0`,
    `${field.id},E2E claim field,America/Chicago,2026-07-15,200,0,60,60,0,0,0,140`,
  ]);

  // A phone: nothing wider than the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/screenshots/reports-390.png', fullPage: true });

  // Print: A4 width, no app bar or form; the site, the period, the policy and the events stay.
  await page.setViewportSize({ width: 794, height: 1123 });
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.topbar')).toBeHidden();
  await expect(form).toBeHidden();
  await expect(report.getByRole('heading', { name: 'E2E claim field' })).toBeVisible();
  await expect(report.getByText('2026-07-14 to 2026-07-15, days in America/Chicago')).toBeVisible();
  await expect(report.getByRole('heading', { name: 'Policy in force' })).toBeVisible();
  await expect(report.getByRole('heading', { name: 'Events in the period' })).toBeVisible();
  await expect(report.getByTestId('event-row').first()).toBeVisible();
  await expect(report.getByRole('button', { name: 'Older events' })).toBeHidden();
  await page.screenshot({ path: 'test-results/screenshots/reports-print.png', fullPage: true });
  const pdf = await page.pdf({ format: 'A4', printBackground: true });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await test.info().attach('reports-print.pdf', { body: pdf, contentType: 'application/pdf' });
  await page.pdf({ path: 'test-results/screenshots/reports-print-letter.pdf', format: 'Letter' });
  // The servers are shared by every spec: the others expect the demo sites alone.
  const removed = await page.request.delete(`/api/sites/${field.id}`, { headers: writeHeaders });
  expect(removed.ok()).toBe(true);
});
