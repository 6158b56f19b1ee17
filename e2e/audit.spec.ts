import { expect, test } from '@playwright/test';
import { adminPassword } from './playwright.config';
import { signInWithForm, writeHeaders } from './sign-in';

/**
 * Roles against the real BFF: an admin adds an operator on the operators page and reads the
 * audit record (who did what from where, failed sign-ins included) and its CSV; the operator sees
 * the channels without the controls to change them, told why, and no audit record.
 */

const operatorPassword = 'e2e operator password';

test('an admin adds an operator and reads the audit record; the operator cannot change channels', async ({
  page,
  browser,
}) => {
  const operator = `op-${Date.now().toString(36)}`;
  const stranger = `stranger-${Date.now().toString(36)}`;
  await page.goto('/?view=operators');
  await signInWithForm(page, 'admin', adminPassword);

  // The operators page: add one, as an operator.
  const add = page.getByRole('form', { name: 'Add an operator' });
  await add.getByLabel('Username').fill(operator);
  await add.getByLabel('Password').fill(operatorPassword);
  await expect(add.getByLabel('Role')).toHaveValue('operator');
  await add.getByRole('button', { name: 'Add operator' }).click();
  const row = page.getByTestId('operator-row').filter({ hasText: operator });
  await expect(row).toContainText('Enabled');
  await expect(row.getByLabel(`Role of ${operator}`)).toHaveValue('operator');
  await page.screenshot({ path: 'test-results/screenshots/operators.png' });

  // A failed sign-in, from the page's own address: the record names the attempt.
  const failed = await page.request.post('/api/session', {
    headers: writeHeaders,
    data: { username: stranger, password: 'not the password' },
  });
  expect(failed.status()).toBe(401);

  // The audit record, through the app's navigation.
  await page
    .getByRole('navigation', { name: 'Views' })
    .getByRole('link', { name: 'Audit' })
    .click();
  await expect(page).toHaveURL(/view=audit/);
  const table = page.getByRole('region', { name: 'Audit record, newest first' });
  const created = table.getByTestId('audit-row').filter({ hasText: 'operator.create' });
  await expect(created.filter({ hasText: operator })).toContainText('admin');
  await expect(created.filter({ hasText: operator })).toContainText('role: operator');
  const refused = table.getByTestId('audit-row').filter({ hasText: stranger });
  await expect(refused).toContainText('session.sign-in-failed');
  await expect(refused).toContainText('127.0.0.1');
  await expect(table).not.toContainText('not the password');
  await page.screenshot({ path: 'test-results/screenshots/audit-desktop.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  // An admin's six views wrap on a phone: nothing is wider than the screen.
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/screenshots/audit-390.png', fullPage: true });

  // Its CSV, as the link downloads it.
  const csvHref = await page.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
  expect(csvHref).toContain('format=csv');
  const csv = await page.request.get(csvHref ?? '');
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  const text = await csv.text();
  expect(text.split('\r\n')[0]).toBe('id,at,operator,address,action,target,detail');
  expect(text).toContain(`,operator.create,${operator},`);

  // A filter past every entry: nothing matches, and the filter is in the link.
  const filter = page.getByRole('form', { name: 'Filter the audit record' });
  await filter.getByLabel('Since (UTC)').fill('2100-01-01T00:00');
  await filter.getByRole('button', { name: 'Apply filter' }).click();
  await expect(page).toHaveURL(/since=2100-01-01T00%3A00Z|since=2100-01-01T00:00Z/);
  await expect(page.getByText('No entry matches.')).toBeVisible();

  // The operator, in a browser of their own.
  const context = await browser.newContext();
  const theirs = await context.newPage();
  await theirs.goto('/?view=channels');
  await signInWithForm(theirs, operator, operatorPassword);
  await expect(theirs.getByTestId('channels-admin-only')).toContainText(
    'Changing channels is for admins',
  );
  await expect(theirs.getByRole('button', { name: 'Add channel' })).toHaveCount(0);
  await theirs.screenshot({ path: 'test-results/screenshots/channels-operator.png' });
  await expect(
    theirs.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Audit' }),
  ).toHaveCount(0);
  await theirs.goto('/?view=audit');
  await expect(theirs.getByTestId('audit')).toContainText('The audit record is for admins');
  const denied = await theirs.request.get('/api/audit');
  expect(denied.status()).toBe(403);
  await context.close();
});
