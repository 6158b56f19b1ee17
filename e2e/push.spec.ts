import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import type { PushPayload } from '../src/shared/api/push';
import { browserKeysFrom, decryptPush, verifyVapid } from '../src/server/testing/push-crypto';
import { countOpenFetches, fetchesSettled } from './page-settled';
import { signInByApi, writeHeaders } from './sign-in';

/**
 * Web Push in the browser (issue 30 §1), against the real BFF:
 * - the install pieces: the manifest linked and fetchable with its icons, the worker at /sw.js
 *   registered only once "Notify this device" is shown (not by the first screen);
 * - "Notify this device" with the permission granted. Headless Chromium offline cannot reach
 *   its real push service (FCM), so `pushManager.subscribe` is stubbed to hand out a
 *   subscription whose endpoint is a push service stub on loopback, with keys the page makes
 *   with crypto.subtle as a browser would. A level change then reaches that stub as the server
 *   sends it (decrypted here with the page's keys, its VAPID JWT verified), and its payload is
 *   delivered to the real service worker through CDP (ServiceWorker.deliverPushMessage): the
 *   worker shows the notification, read back with registration.getNotifications();
 * - a kiosk asks for nothing: no permission prompt, no worker, no subscription.
 */

/** The simulated storm: a site here with a tight ring goes to STOP on its first judgement. */
const stormPoint = { lat: 36.5, lon: -91 };
const stopPolicy = {
  lightning: { rings: { stop: 7, caution: 9, watch: 40 }, all_clear_minutes: 30 },
};

/** Counts the calls that would ask a person anything, or subscribe, before any page script. */
async function spyOnAsking(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const calls = { permission: 0, subscribe: 0, register: 0 };
    Object.assign(window, { __askCalls: calls });
    if ('Notification' in window) {
      const ask = Notification.requestPermission.bind(Notification);
      Notification.requestPermission = (...args) => {
        calls.permission++;
        return ask(...args);
      };
    }
    if ('PushManager' in window) {
      const subscribe = PushManager.prototype.subscribe;
      PushManager.prototype.subscribe = function (...args) {
        calls.subscribe++;
        return subscribe.apply(this, args);
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

const askCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __askCalls: Record<string, number> }).__askCalls);

/**
 * A pushManager that subscribes to `endpoint` (our stub) instead of the browser's push service,
 * with a P-256 key pair and auth secret made by crypto.subtle; the private key is kept on the
 * page for the test to decrypt with.
 */
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
      Object.assign(window, {
        __pushKeys: { d: jwk.d, auth, serverKey: b64(key) },
      });
      const subscription = {
        endpoint: pushEndpoint,
        expirationTime: null,
        toJSON: () => ({ endpoint: pushEndpoint, expirationTime: null, keys: { p256dh, auth } }),
        unsubscribe: () => {
          current = null;
          return Promise.resolve(true);
        },
      };
      current = subscription as unknown as PushSubscription;
      return current;
    };
  }, endpoint);
}

interface Received {
  headers: IncomingMessage['headers'];
  body: Buffer;
}

test('the app is installable: manifest, icons, and the worker registered only where asked', async ({
  page,
  context,
}) => {
  await spyOnAsking(context);
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const manifest = await page.request.get(href as string);
  expect(manifest.status()).toBe(200);
  const body = (await manifest.json()) as {
    name: string;
    short_name: string;
    display: string;
    theme_color: string;
    icons: { src: string; sizes: string; purpose: string }[];
  };
  expect(body).toMatchObject({ name: 'Skydeck', short_name: 'Skydeck', display: 'standalone' });
  expect(body.theme_color).toMatch(/^#[0-9a-f]{6}$/);
  expect(body.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
    '192x192 any',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of body.icons) {
    const image = await page.request.get(icon.src);
    expect(image.status(), icon.src).toBe(200);
    expect(image.headers()['content-type']).toBe('image/png');
    // The PNG's own size is the one the manifest states.
    const bytes = await image.body();
    const [width, height] = [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
    expect(`${width}x${height}`).toBe(icon.sizes);
  }
  // The first screen registers no worker and asks nothing.
  await expect(page.getByTestId('alarm-button')).toBeVisible();
  expect(await askCalls(page)).toEqual({ permission: 0, subscribe: 0, register: 0 });
  expect(
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length),
  ).toBe(0);

  // An operator opening the alarm settings sees "Notify this device"; the worker is registered.
  await signInByApi(page);
  await page.reload();
  await page.getByTestId('alarm-button').click();
  const device = page.getByTestId('notify-device');
  await expect(device.getByRole('button', { name: 'Notify this device' })).toBeVisible();
  const scope = await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return { script: registration.active?.scriptURL, scope: registration.scope };
  });
  expect(scope.script).toBe(new URL('/sw.js', page.url()).href);
  expect(scope.scope).toBe(new URL('/', page.url()).href);
  expect((await askCalls(page)).permission).toBe(0);
  const worker = await page.request.get('/sw.js');
  expect(worker.headers()['cache-control']).toBe('no-cache');

  // A site's page offers it for that site.
  const site = await page.request.post('/api/sites', {
    headers: writeHeaders,
    data: { name: 'E2E notify yard', lat: 44.1, lon: -103.2 },
  });
  const siteId = ((await site.json()) as { site: { id: string } }).site.id;
  try {
    await page.goto(`/?v=3&view=board&site=${siteId}`);
    const onSite = page.getByTestId('site-page').getByTestId('notify-device');
    await expect(onSite.getByTestId('notify-state')).toContainText(
      'Get a notification on this device when E2E notify yard enters or leaves STOP or CAUTION',
    );
    await onSite.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/screenshots/push-site-page.png' });
  } finally {
    await page.request.delete(`/api/sites/${siteId}`, { headers: writeHeaders });
  }
});

test('"Notify this device" with the permission granted: a level change is pushed and the worker shows it', async ({
  page,
  context,
}) => {
  const received: Received[] = [];
  let pushedAt = 0;
  const service = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      pushedAt = performance.now();
      received.push({ headers: request.headers, body: Buffer.concat(chunks) });
      response.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => service.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(service.address() as AddressInfo).port}/push/e2e-device`;
  let siteId: string | undefined;
  try {
    await context.grantPermissions(['notifications']);
    await spyOnAsking(context);
    await stubPushManager(context, endpoint);
    await signInByApi(page);
    await page.goto('/');
    await page.getByTestId('alarm-button').click();
    const device = page.getByTestId('notify-device');
    await device.getByRole('button', { name: 'Notify this device' }).click();
    await expect(device.getByTestId('notify-state')).toContainText(
      'This device gets a notification when a site enters or leaves STOP and CAUTION',
    );
    expect((await askCalls(page)).permission).toBe(1);
    await device.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/screenshots/push-subscribed.png' });
    const keys = (await page.evaluate(
      () =>
        (window as unknown as { __pushKeys: { d: string; auth: string; serverKey: string } })
          .__pushKeys,
    )) as { d: string; auth: string; serverKey: string };
    const published = (await (await page.request.get('/api/push/key')).json()) as {
      public_key: string;
    };
    expect(keys.serverKey).toBe(published.public_key);
    const mine = (await (await page.request.get('/api/push/subscriptions')).json()) as {
      subscriptions: { id: string; endpoint_origin: string; sites: string[] | null }[];
    };
    expect(mine.subscriptions).toContainEqual(
      expect.objectContaining({ endpoint_origin: new URL(endpoint).origin, sites: null }),
    );

    // A level change: a site under the storm, at STOP from its first judgement.
    const startedAt = performance.now();
    const site = await page.request.post('/api/sites', {
      headers: writeHeaders,
      data: { name: 'E2E push yard', ...stormPoint, policy: stopPolicy },
    });
    expect(site.status()).toBe(201);
    siteId = ((await site.json()) as { site: { id: string } }).site.id;
    await expect.poll(() => received.length, { timeout: 30_000 }).toBeGreaterThan(0);
    console.log(`e2e: site added → push at the stub in ${(pushedAt - startedAt).toFixed(0)} ms`);
    const [push] = received as [Received];
    expect(push.headers['content-encoding']).toBe('aes128gcm');
    expect(push.headers.urgency).toBe('high');
    verifyVapid(push.headers.authorization ?? '', {
      endpoint,
      publicKey: published.public_key,
      subject: 'mailto:skydeck@127.0.0.1',
    });
    const text = decryptPush(browserKeysFrom(keys.d, keys.auth), push.body);
    const payload = JSON.parse(text) as PushPayload;
    expect(payload).toMatchObject({
      title: 'STOP at E2E push yard (was NO DATA)',
      site_id: siteId,
      level: 'stop',
    });

    // The push service would now wake the worker with this payload: CDP does it here.
    const cdp = await context.newCDPSession(page);
    const registrations = new Promise<{ registrationId: string; scopeURL: string }[]>((resolve) =>
      cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => resolve(event.registrations)),
    );
    await cdp.send('ServiceWorker.enable');
    const origin = new URL(page.url()).origin;
    const registration = (await registrations).find((entry) => entry.scopeURL === `${origin}/`);
    expect(registration).toBeDefined();
    const deliver = () =>
      cdp.send('ServiceWorker.deliverPushMessage', {
        origin,
        registrationId: registration?.registrationId as string,
        data: text,
      });
    const shown = () =>
      page.evaluate(async () => {
        const worker = await navigator.serviceWorker.ready;
        return (await worker.getNotifications()).map((notification) => ({
          title: notification.title,
          body: notification.body,
          tag: notification.tag,
          icon: notification.icon,
          requireInteraction: notification.requireInteraction,
          url: (notification.data as { url: string }).url,
        }));
      });
    // Delivered again while none shows (a worker still starting may miss one); the tag makes a
    // repeat replace the notification, never add a second.
    await expect
      .poll(
        async () => {
          if ((await shown()).length === 0) await deliver();
          return (await shown()).length;
        },
        { timeout: 30_000, intervals: [500, 1000, 2000] },
      )
      .toBe(1);
    const [notification] = await shown();
    expect(notification).toEqual({
      title: 'STOP at E2E push yard (was NO DATA)',
      body: payload.body,
      tag: `skydeck-site-${siteId}`,
      icon: new URL('/icon-192.png', origin).href,
      requireInteraction: true,
      url: payload.url,
    });
    // Headless Chromium draws no system notification: what it holds is drawn on the page, as a
    // phone would show it, for the screenshot (a test overlay, not the app's).
    await page.evaluate((shownNotification) => {
      const card = document.createElement('div');
      card.setAttribute('data-testid', 'notification-as-shown');
      card.style.cssText =
        'position:fixed;top:16px;right:16px;z-index:99999;width:360px;padding:12px 14px;border-radius:14px;background:#f4f6f8;color:#111;font:14px system-ui;box-shadow:0 8px 24px rgba(0,0,0,.4);display:grid;grid-template-columns:40px 1fr;gap:4px 10px';
      const icon = document.createElement('img');
      icon.src = shownNotification?.icon ?? '';
      icon.style.cssText = 'width:40px;height:40px;border-radius:8px;grid-row:span 3';
      const from = document.createElement('div');
      from.textContent = `Skydeck · ${location.host} · notification from the service worker`;
      from.style.cssText = 'font-size:11px;color:#555';
      const title = document.createElement('strong');
      title.textContent = shownNotification?.title ?? '';
      const body = document.createElement('div');
      body.textContent = shownNotification?.body ?? '';
      card.append(icon, from, title, body);
      document.body.append(card);
    }, notification);
    await expect(page.getByTestId('notification-as-shown')).toBeVisible();
    await page.screenshot({ path: 'test-results/screenshots/push-notification.png' });

    // Stopping: the server forgets the device.
    await device.getByRole('button', { name: 'Stop notifying this device' }).click();
    await expect(device.getByTestId('notify-state')).toContainText(
      'Get a notification on this device when any site',
    );
    const after = (await (await page.request.get('/api/push/subscriptions')).json()) as {
      subscriptions: { endpoint_origin: string }[];
    };
    expect(after.subscriptions.map((entry) => entry.endpoint_origin)).not.toContain(
      new URL(endpoint).origin,
    );
  } finally {
    if (siteId) await page.request.delete(`/api/sites/${siteId}`, { headers: writeHeaders });
    await new Promise((resolve) => service.close(resolve));
  }
});

test('where push cannot work, the page says why; a refused permission is named', async ({
  page,
  context,
}) => {
  await context.addInitScript(() => {
    Notification.requestPermission = () => Promise.resolve('denied');
  });
  await signInByApi(page);
  await page.goto('/');
  await page.getByTestId('alarm-button').click();
  const device = page.getByTestId('notify-device');
  await device.getByRole('button', { name: 'Notify this device' }).click();
  await expect(device.getByTestId('notify-problem')).toContainText(
    'Notifications were not allowed',
  );

  const bare = await context.browser()?.newContext();
  const other = await bare?.newPage();
  if (!bare || !other) throw new Error('no second context');
  await other.addInitScript(() => {
    delete (window as unknown as { PushManager?: unknown }).PushManager;
  });
  await signInByApi(other);
  await other.goto('/');
  await other.getByTestId('alarm-button').click();
  await expect(other.getByTestId('notify-unsupported')).toContainText(
    'This browser cannot receive notifications from Skydeck',
  );
  await expect(other.getByRole('button', { name: 'Notify this device' })).toHaveCount(0);
  await bare.close();
});

test('a kiosk asks for nothing: no permission prompt, no worker, no subscription', async ({
  page,
  context,
}) => {
  await spyOnAsking(context);
  await countOpenFetches(page);
  // Even with an operator signed in on the screen's browser.
  await signInByApi(page);
  const site = await page.request.post('/api/sites', {
    headers: writeHeaders,
    data: { name: 'E2E kiosk yard', ...stormPoint, policy: stopPolicy },
  });
  const siteId = ((await site.json()) as { site: { id: string } }).site.id;
  try {
    for (const path of [
      `/?kiosk=1&lat=36.5&lon=-91&layers=lightning&panel=daily`,
      `/?v=3&view=board&site=${siteId}&kiosk=1`,
    ]) {
      await page.goto(path);
      await expect(page.locator('#root')).not.toBeEmpty();
      // Everything the page asked for is in (lazy chunks load before their fetches start).
      await fetchesSettled(page);
      expect(await askCalls(page), path).toEqual({ permission: 0, subscribe: 0, register: 0 });
      await expect(page.getByTestId('notify-device')).toHaveCount(0);
    }
    expect(
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length),
    ).toBe(0);
  } finally {
    await page.request.delete(`/api/sites/${siteId}`, { headers: writeHeaders });
  }
});
