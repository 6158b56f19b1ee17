import { expect, type Page } from '@playwright/test';
import { adminPassword } from './playwright.config';

/** What the BFF's CSRF guard asks of every write: a header a cross-site form cannot send. */
export const writeHeaders = { 'x-requested-with': 'skydeck' };

/** Signs in through the page's own form, as an operator does. */
export async function signInWithForm(
  page: Page,
  username = 'admin',
  password = adminPassword,
): Promise<void> {
  await page.getByRole('button', { name: 'Sign in' }).click();
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByLabel('Username').fill(username);
  await form.getByLabel('Password').fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('signed-in-as')).toHaveText(`Signed in as ${username}`);
}

/** Signs the page's browser context in as the admin through the API (`base`: another BFF). */
export async function signInByApi(page: Page, base = ''): Promise<void> {
  const answer = await page.request.post(`${base}/api/session`, {
    headers: writeHeaders,
    data: { username: 'admin', password: adminPassword },
  });
  expect(answer.status()).toBe(204);
}
