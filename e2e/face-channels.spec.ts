import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { adminPassword } from './playwright.config';
import { startServer, testBuild } from './start-server';
import { signInByApi, writeHeaders } from './sign-in';

/**
 * Issue 27, item 8: the channel screen says why. A failed test shows the server's cause
 * (`delivery.detail`), a target the address guard refuses is refused at its field with the
 * guard's words, the form says which kinds this server can send before anything is typed (email
 * without SMTP_URL), and a test that gets through clears "Failing" at once.
 */

/**
 * A port for a BFF of these tests' own, next to the three the config starts: one the system
 * has just given out, so a server someone left running elsewhere is never in the way.
 */
async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A webhook receiver on loopback, answering `status()` to every POST; it keeps a count. */
async function startReceiver(status: () => number): Promise<{
  server: Server;
  url: string;
  received: () => number;
}> {
  let received = 0;
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received += 1;
      response.writeHead(status()).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    server,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received: () => received,
  };
}

async function addHook(page: Page, name: string, target: string, base = ''): Promise<string> {
  const created = await page.request.post(`${base}/api/channels`, {
    headers: writeHeaders,
    data: { kind: 'webhook', name, target, levels: ['stop'] },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { channel: { id: string } }).channel.id;
}

test('a test that gets through clears "Failing" at once', async ({ page }) => {
  let answer = 500;
  const receiver = await startReceiver(() => answer);
  await signInByApi(page);
  const id = await addHook(page, 'E2E flaky hook', receiver.url);
  try {
    await page.goto('/?view=channels');
    const channel = page.getByTestId('channel').filter({ hasText: 'E2E flaky hook' });
    await expect(channel.getByTestId('channel-failing')).toHaveCount(0);
    await channel.getByRole('button', { name: /^Send test/ }).click();
    await expect(channel.getByTestId('test-outcome')).toHaveText('Test failed (HTTP 500).');
    // The test is the channel's latest delivery: the flag follows it without a reload.
    await expect(channel.getByTestId('channel-failing')).toBeVisible();
    await page.screenshot({ path: 'test-results/screenshots/face-channels-failing.png' });

    answer = 200;
    await channel.getByRole('button', { name: /^Send test/ }).click();
    await expect(channel.getByTestId('test-outcome')).toHaveText(
      'Test sent (HTTP 200, delivered).',
    );
    await expect(channel.getByTestId('channel-failing')).toHaveCount(0);
    expect(receiver.received()).toBe(2);
    await page.screenshot({ path: 'test-results/screenshots/face-channels-cleared.png' });
  } finally {
    await page.request.delete(`/api/channels/${id}`, { headers: writeHeaders });
    receiver.server.close();
  }
});

test('a warning the server gives with a saved channel is shown on it until a test gets through', async ({
  page,
}) => {
  const receiver = await startReceiver(() => 200);
  // The server's warning needs a host name that does not resolve, which would ask a DNS server
  // off this machine: the real answer gets the warning the server would add (its tests, over
  // HTTP with a resolver of their own, check the server's side: channel-errors.integration).
  const warning =
    'the host name did not resolve (ENOTFOUND): a send now would fail, and every send checks it again until it resolves to an allowed address';
  await page.route('**/api/channels', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    const response = await route.fetch();
    return route.fulfill({ response, json: { ...(await response.json()), warning } });
  });
  await signInByApi(page);
  await page.goto('/?view=channels');
  await page.getByRole('button', { name: 'Add channel' }).click();
  const form = page.getByRole('form', { name: 'New channel' });
  await form.getByLabel('Name').fill('E2E warned hook');
  await form.getByLabel('Address (URL)').fill(receiver.url);
  await form.getByRole('button', { name: 'Add channel' }).click();
  const channel = page.getByTestId('channel').filter({ hasText: 'E2E warned hook' });
  try {
    await expect(channel.getByTestId('channel-warning')).toHaveText(
      `Saved, but the server warns: ${warning}.`,
    );
    await page.getByTestId('channel-secret').getByRole('button', { name: 'Done' }).click();
    await page.screenshot({ path: 'test-results/screenshots/face-channels-save-warning.png' });
    await channel.getByRole('button', { name: /^Send test/ }).click();
    await expect(channel.getByTestId('test-outcome')).toHaveText(
      'Test sent (HTTP 200, delivered).',
    );
    await expect(channel.getByTestId('channel-warning')).toHaveCount(0);
  } finally {
    const id = await channel.getAttribute('data-channel-id');
    await page.request.delete(`/api/channels/${id}`, { headers: writeHeaders });
    receiver.server.close();
  }
});

test('a server that refuses private targets and has no SMTP_URL says so: at the test, at the save, in the kinds', async ({
  page,
}) => {
  const receiver = await startReceiver(() => 200);
  const env = {
    STATIC_DIR: testBuild,
    SKYDECK_ADMIN_PASSWORD: adminPassword,
    CLIENT_RATE_LIMIT: '1000000',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'skydeck-e2e-channels-')),
  };
  // A channel saved while this server allowed private targets; it restarts without them.
  const ownPort = await freePort();
  const open = await startServer(ownPort, 'channels-open', { ...env, WEBHOOK_ALLOW_PRIVATE: '1' });
  let closed: Awaited<ReturnType<typeof startServer>> | undefined;
  try {
    await signInByApi(page, open.url);
    await addHook(page, 'E2E loopback hook', receiver.url, open.url);
    open.stop();
    await open.exited;
    closed = await startServer(ownPort, 'channels-closed', {
      ...env,
      WEBHOOK_ALLOW_PRIVATE: '0',
    });
    await signInByApi(page, closed.url);
    await page.goto(`${closed.url}/?view=channels`);

    // The test's cause, in the server's words, not only "no answer".
    const channel = page.getByTestId('channel').filter({ hasText: 'E2E loopback hook' });
    await channel.getByRole('button', { name: /^Send test/ }).click();
    await expect(channel.getByTestId('test-outcome')).toHaveText(
      'Test failed (no answer): refused: the target resolves to a loopback or private address (allowed only with WEBHOOK_ALLOW_PRIVATE=1).',
    );
    await expect(channel.getByTestId('channel-failing')).toBeVisible();
    expect(receiver.received()).toBe(0);
    await page.screenshot({ path: 'test-results/screenshots/face-channels-test-detail.png' });

    // Before anything is typed: email is not set up here, and what the guard refuses.
    await page.getByRole('button', { name: 'Add channel' }).click();
    const form = page.getByRole('form', { name: 'New channel' });
    const kind = form.getByLabel('Kind');
    await expect(kind.locator('option[value="email"]')).toBeDisabled();
    await expect(kind.locator('option[value="email"]')).toHaveText(
      'Email (not set up on this server)',
    );
    await expect(kind.locator('option[value="webhook"]')).toBeEnabled();
    await expect(form).toContainText(
      'Email is not offered: email channels need SMTP_URL and ALARM_FROM set on the server.',
    );
    await expect(form).toContainText(
      'An address that is or resolves to a loopback, private, link-local or metadata address is refused',
    );
    await page.screenshot({
      path: 'test-results/screenshots/face-channels-kinds.png',
      fullPage: true,
    });

    // A target the guard refuses: refused at its field, in the guard's words, and focused.
    await form.getByLabel('Name').fill('E2E private hook');
    const target = form.getByLabel('Address (URL)');
    await target.fill(receiver.url);
    await form.getByRole('button', { name: 'Add channel' }).click();
    await expect(target).toHaveAttribute('aria-invalid', 'true');
    await expect(target).toHaveAccessibleDescription(
      /Refused by the server: the target resolves to a loopback or private address \(allowed only with WEBHOOK_ALLOW_PRIVATE=1\)/,
    );
    await expect(target).toBeFocused();
    await target.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/screenshots/face-channels-save-refused.png' });
    // Changing the address clears the server's refusal until the next save.
    await target.fill('https://hooks.example.com/skydeck');
    await expect(target).toHaveAttribute('aria-invalid', 'false');
  } finally {
    open.stop();
    closed?.stop();
    await closed?.exited;
    receiver.server.close();
  }
});
