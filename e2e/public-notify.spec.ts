import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type APIRequestContext, type BrowserContext, expect, test } from '@playwright/test';
import type { PushPayload } from '../src/shared/api/push';
import { policyPresets } from '../src/shared/safety/site-policy';
import { browserKeysFrom, decryptPush } from '../src/server/testing/push-crypto';
import { adminPassword } from './playwright.config';
import { writeHeaders } from './sign-in';

/**
 * "Notify me" on a public status page (issue 31 §1), against the real BFF: a parent on a phone
 * subscribes to one shared site, anonymously. As in push.spec.ts, `pushManager.subscribe` is
 * stubbed to hand out a subscription whose endpoint is a push service stub on loopback (headless
 * Chromium offline cannot reach its real push service), with keys made by crypto.subtle.
 */

const storm = { lat: 36.5, lon: -91 };

/** Lightning alone decides the site: rings too small for the storm's strikes, then a stop. */
const quiet = {
  ...policyPresets.general,
  lightning: { rings: { stop: 1, caution: 2, watch: 3 }, all_clear_minutes: 30 },
  wind: { sustained_ms: { caution: null, stop: null }, gust_ms: { caution: null, stop: null } },
  alerts: { Warning: null, Watch: null, Advisory: null },
  aqi: { caution: null, stop: null },
  heat: { heat_index_c: { caution: null, stop: null }, wbgt_flag: { caution: null, stop: null } },
};
const stopping = {
  ...quiet,
  lightning: { ...quiet.lightning, rings: { stop: 7, caution: 9, watch: 40 } },
};

async function sharedSite(request: APIRequestContext, name: string) {
  const signedIn = await request.post('/api/session', {
    headers: writeHeaders,
    data: { username: 'admin', password: adminPassword },
  });
  expect(signedIn.status()).toBe(204);
  const created = await request.post('/api/sites', {
    headers: writeHeaders,
    data: { name, ...storm, policy: quiet },
  });
  expect(created.status()).toBe(201);
  const site = ((await created.json()) as { site: { id: string } }).site;
  const shared = await request.post(`/api/sites/${site.id}/share`, { headers: writeHeaders });
  expect(shared.status()).toBe(201);
  return { id: site.id, url: ((await shared.json()) as { url: string }).url };
}

/** Counts permission prompts and worker registrations, before any page script. */
async function spyOnAsking(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const calls = { permission: 0, register: 0 };
    Object.assign(window, { __askCalls: calls });
    if ('Notification' in window) {
      const ask = Notification.requestPermission.bind(Notification);
      Notification.requestPermission = (...args) => {
        calls.permission++;
        return ask(...args);
      };
    }
    if ('serviceWorker' in navigator) {
      const register = navigator.serviceWorker.register.bind(navigator.serviceWorker);
      navigator.serviceWorker.register = (...args) => {
        calls.register++;
        return register(...args);
      };
    }
  });
}

/** A pushManager subscribing to our loopback stub, its private key kept for the test. */
async function stubPushManager(context: BrowserContext, endpoint: string): Promise<void> {
  await context.addInitScript((pushEndpoint: string) => {
    const b64 = (bytes: Uint8Array) =>
      btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    let current: PushSubscription | null = null;
    PushManager.prototype.getSubscription = () => Promise.resolve(current);
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      const key = options?.applicationServerKey;
      if (!options?.userVisibleOnly || !(key instanceof Uint8Array) || key.length !== 65)
        throw new DOMException('bad subscribe options', 'InvalidAccessError');
      const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
        'deriveBits',
      ]);
      const p256dh = b64(new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey)));
      const auth = b64(crypto.getRandomValues(new Uint8Array(16)));
      const jwk = await crypto.subtle.exportKey('jwk', pair.privateKey);
      Object.assign(window, { __pushKeys: { d: jwk.d, auth } });
      current = {
        endpoint: pushEndpoint,
        expirationTime: null,
        toJSON: () => ({ endpoint: pushEndpoint, expirationTime: null, keys: { p256dh, auth } }),
        unsubscribe: () => {
          current = null;
          return Promise.resolve(true);
        },
      } as unknown as PushSubscription;
      return current;
    };
  }, endpoint);
}

test('a parent taps "Notify me": the stop is pushed in the board’s words, opening the public page; "Stop notifications" ends it', async ({
  page,
  context,
  browser,
}) => {
  const received: { headers: IncomingMessage['headers']; body: Buffer }[] = [];
  const service = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(service.address() as AddressInfo).port}/push/parent`;
  const operator = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const site = await sharedSite(operator.request, 'E2E notify pitch');
  try {
    await context.grantPermissions(['notifications']);
    await spyOnAsking(context);
    await stubPushManager(context, endpoint);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(site.url);
    await expect(page.getByTestId('public-heading')).toHaveText('CLEAR');
    const notify = page.getByTestId('public-notify');
    // Nothing asked or registered until the tap.
    expect(
      await page.evaluate(() => (window as unknown as { __askCalls: object }).__askCalls),
    ).toEqual({ permission: 0, register: 0 });
    await notify.getByRole('button', { name: 'Notify me' }).click();
    await expect(notify.getByRole('status')).toHaveText(
      'Done: this device will be told when play stops or resumes here.',
    );
    await expect(notify.getByRole('button', { name: 'Stop notifications' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.screenshot({
      path: 'test-results/screenshots/public-notify-390.png',
      fullPage: true,
    });

    // The site stops: the push reaches the stub, encrypted to this page's keys.
    const patched = await operator.request.patch(`/api/sites/${site.id}`, {
      headers: writeHeaders,
      data: { policy: stopping },
    });
    expect(patched.status()).toBe(200);
    await expect.poll(() => received.length, { timeout: 30_000 }).toBeGreaterThan(0);
    const keys = (await page.evaluate(
      () => (window as unknown as { __pushKeys: { d: string; auth: string } }).__pushKeys,
    )) as { d: string; auth: string };
    const payload = JSON.parse(
      decryptPush(browserKeysFrom(keys.d, keys.auth), (received[0] as { body: Buffer }).body),
    ) as PushPayload;
    expect(payload).toMatchObject({
      title: 'STOP at E2E notify pitch (was CLEAR)',
      level: 'stop',
    });
    expect(new URL(payload.url).pathname).toBe(site.url);
    await expect(page.getByTestId('public-heading')).toHaveText('STOP');

    await notify.getByRole('button', { name: 'Stop notifications' }).click();
    await expect(notify.getByRole('status')).toHaveText('Notifications stopped for this device.');
    // The server forgot it: deleting it again finds nothing.
    const again = await page.request.delete(`/api/public/${site.url.slice(3)}/push`, {
      headers: writeHeaders,
      data: { endpoint },
    });
    expect(again.status()).toBe(404);
  } finally {
    await operator.request.delete(`/api/sites/${site.id}`, { headers: writeHeaders });
    await operator.close();
    await new Promise((resolve) => service.close(resolve));
  }
});

test('"Notify me" says why when notifications are refused or unsupported; the embed card has none', async ({
  page,
  browser,
}) => {
  const operator = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const site = await sharedSite(operator.request, 'E2E notify refused');
  try {
    await page.addInitScript(() => {
      Notification.requestPermission = () => Promise.resolve('denied');
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(site.url);
    const notify = page.getByTestId('public-notify');
    await notify.getByRole('button', { name: 'Notify me' }).click();
    await expect(notify.getByRole('status')).toContainText('Notifications are blocked');
    await notify.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/screenshots/public-notify-denied-390.png' });

    const bare = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await bare.addInitScript(() => {
      delete (window as unknown as { PushManager?: unknown }).PushManager;
    });
    await bare.goto(site.url);
    await bare.getByRole('button', { name: 'Notify me' }).click();
    await expect(bare.getByTestId('public-notify').getByRole('status')).toContainText(
      'add Skydeck to the Home Screen',
    );
    await bare.goto(`${site.url}?embed=1`);
    await expect(bare.getByTestId('public-heading')).toHaveText('CLEAR');
    await expect(bare.getByTestId('public-notify')).toHaveCount(0);
    await bare.close();
  } finally {
    await operator.request.delete(`/api/sites/${site.id}`, { headers: writeHeaders });
    await operator.close();
  }
});
