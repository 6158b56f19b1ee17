import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { signInByApi, writeHeaders } from './sign-in';

/**
 * The page's alarms against the real BFF: a site going to STOP while the tab is in the
 * background still changes the tab's title and favicon and raises a desktop notification, whose
 * click opens the site; the sound starts only after the operator turns it on, and a wall sounds
 * only when its link says alarm=1. Channels deliver to a real receiver on loopback.
 */

/**
 * Points by the storm near Pocahontas, Arkansas, in the simulated world at the pinned time: a
 * site at either goes to STOP. Each test has its own, apart from the other specs' sites: a site
 * added where a deleted one stood has been seen to stay NO DATA (a server matter, reported).
 */
const stormPoints = {
  quiet: { lat: 36.48, lon: -90.98 },
  loud: { lat: 36.52, lon: -91.02 },
};
/** The watch asks for lightning once a minute: a new site's first STOP comes within a round. */
const watchRound = 75_000;

// Each test waits for a watch round at least once.
test.describe.configure({ timeout: 150_000 });

interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  requireInteraction: boolean;
  onclick: (() => void) | null;
}

interface AudioSpy {
  created: number;
  oscillators: number;
  states: string[];
}

/** When (performance.now()) each status arrived on the stream, and each title was set. */
interface Timeline {
  statuses: { at: number; site: string; level: string }[];
  titles: { at: number; title: string }[];
}

declare global {
  interface Window {
    __notifications?: ShownNotification[];
    __audio?: AudioSpy;
    __timeline?: Timeline;
  }
}

/**
 * Records every notification the page raises (the real ones would go to a desktop nobody sees
 * here) and every AudioContext it makes and tone it plays.
 */
async function spyOnAlarms(page: Page) {
  await page.addInitScript(() => {
    const shown: ShownNotification[] = [];
    window.__notifications = shown;
    const RealNotification = window.Notification;
    function Spy(title: string, options?: NotificationOptions) {
      const record: ShownNotification & { close: () => void } = {
        title,
        body: options?.body ?? '',
        tag: options?.tag ?? '',
        requireInteraction: options?.requireInteraction ?? false,
        onclick: null,
        close: () => undefined,
      };
      shown.push(record);
      return record;
    }
    Object.defineProperty(Spy, 'permission', { get: () => RealNotification.permission });
    Spy.requestPermission = RealNotification.requestPermission.bind(RealNotification);
    window.Notification = Spy as unknown as typeof Notification;

    const timeline: Timeline = { statuses: [], titles: [] };
    window.__timeline = timeline;
    const RealEventSource = window.EventSource;
    window.EventSource = class extends RealEventSource {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        super.addEventListener('status', (event) => {
          const { site_id, status } = JSON.parse((event as MessageEvent<string>).data) as {
            site_id: string;
            status: { level: string };
          };
          timeline.statuses.push({ at: performance.now(), site: site_id, level: status.level });
        });
      }
    };
    document.addEventListener('DOMContentLoaded', () => {
      new MutationObserver(() =>
        timeline.titles.push({ at: performance.now(), title: document.title }),
      ).observe(document.head, { subtree: true, childList: true, characterData: true });
    });

    const audio: AudioSpy = { created: 0, oscillators: 0, states: [] };
    window.__audio = audio;
    const RealAudioContext = window.AudioContext;
    window.AudioContext = class extends RealAudioContext {
      constructor(options?: AudioContextOptions) {
        super(options);
        audio.created += 1;
        audio.states.push(this.state);
        this.addEventListener('statechange', () => audio.states.push(this.state));
      }
      override createOscillator() {
        audio.oscillators += 1;
        return super.createOscillator();
      }
    };
  });
}

/**
 * The tab sent to the background as a browser does it when another tab comes in front: hidden,
 * without focus, and told so. (Headless Chromium keeps every tab visible, so it is said here.)
 */
async function hide(page: Page) {
  await page.evaluate(() => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.hasFocus = () => false;
    document.dispatchEvent(new Event('visibilitychange'));
  });
}

/** A site of the test's own at the storm: it goes to STOP. */
async function addStormSite(
  page: Page,
  name: string,
  point: { lat: number; lon: number },
): Promise<string> {
  const created = await page.request.post('/api/sites', {
    headers: writeHeaders,
    data: { name, lat: point.lat, lon: point.lon },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { site: { id: string } }).site.id;
}

async function deleteSite(page: Page, id: string) {
  await page.request.delete(`/api/sites/${id}`, { headers: writeHeaders });
}

/** How many sites the title says are at STOP: "STOP · 2 sites — Skydeck". */
async function stopsInTitle(page: Page): Promise<number> {
  const title = await page.title();
  const match = /^STOP · (\d+) sites? — Skydeck$/.exec(title);
  return match ? Number(match[1]) : 0;
}

const favicon = (page: Page) =>
  page.evaluate(() => document.querySelector('link[rel="icon"]')?.getAttribute('href') ?? '');

async function openAlarmSettings(page: Page) {
  await page.getByTestId('alarm-button').click();
  const settings = page.getByTestId('alarm-settings');
  await expect(settings).toBeVisible();
  return settings;
}

test('with the tab in the background, a site going to STOP changes the title and favicon and raises a notification that opens the site', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['notifications']);
  await spyOnAlarms(page);
  await signInByApi(page);
  // The event log: no board and no map on screen, and the alarms still run.
  await page.goto('/?view=events');
  await expect(page).toHaveTitle(/^(STOP|NO DATA|CAUTION|WATCH) · \d+ sites? — Skydeck$|^Skydeck$/);
  await expect.poll(() => favicon(page)).toMatch(/^data:image\/svg\+xml,/);
  const stopsBefore = await stopsInTitle(page);

  // Notifications are turned on by a click in the alarm settings (permission is granted).
  const settings = await openAlarmSettings(page);
  await settings.getByRole('checkbox', { name: 'Notify on the desktop' }).check();
  await page.getByTestId('alarm-button').click();
  await expect(settings).toHaveCount(0);

  await hide(page);
  const siteId = await addStormSite(page, 'E2E alarm yard', stormPoints.quiet);
  const added = Date.now();
  const stops = stopsBefore + 1;
  // The watch asks for lightning every minute: the new site reaches STOP within one round.
  await expect(page).toHaveTitle(`STOP · ${stops} site${stops === 1 ? '' : 's'} — Skydeck`, {
    timeout: watchRound,
  });
  const title = await page.title();
  const lag = await page.evaluate(
    ({ id, title }) => {
      const { statuses, titles } = window.__timeline!;
      const stop = statuses.find((status) => status.site === id && status.level === 'stop');
      const shown = titles.find((entry) => entry.title === title && entry.at >= (stop?.at ?? 0));
      return stop && shown ? shown.at - stop.at : undefined;
    },
    { id: siteId, title },
  );
  // For the note: from the stop reaching the page to the title showing it.
  console.log(
    `STOP shown in the title ${Date.now() - added} ms after the site was added; ${lag?.toFixed(1) ?? 'n/a'} ms after its status reached the page`,
  );
  // The favicon's badge in the stop colour.
  expect(decodeURIComponent(await favicon(page))).toContain('fill="#e5484d"');

  await expect
    .poll(() => page.evaluate(() => window.__notifications!.map((shown) => shown.title)))
    .toContain('STOP — E2E alarm yard');
  const shown = await page.evaluate(() =>
    window.__notifications!.find((notification) => notification.title === 'STOP — E2E alarm yard'),
  );
  expect(shown).toMatchObject({ tag: `skydeck-site-${siteId}`, requireInteraction: true });
  expect(shown!.body).toMatch(/Was NO DATA\.$|New site\.$/);

  // Clicking it brings the tab forward on the site's page.
  await page.evaluate(() =>
    window.__notifications!.find((notification) => notification.title === 'STOP — E2E alarm yard')!
      .onclick!(),
  );
  await expect(page.getByTestId('site-page')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'E2E alarm yard' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`[?&]view=board&site=${siteId}`));

  await deleteSite(page, siteId);
});

test('the sound starts only once turned on, sounds and offers silence on a STOP, and a wall sounds only with alarm=1', async ({
  page,
}) => {
  await spyOnAlarms(page);
  await signInByApi(page);
  await page.goto('/?view=board');
  await expect(page.getByTestId('stream-indicator')).toHaveText('Live');
  const audio = () => page.evaluate(() => ({ ...window.__audio! }));

  // Off by default: nothing made, nothing played.
  const settings = await openAlarmSettings(page);
  const toggle = settings.getByRole('checkbox', { name: 'Sound on stop and caution' });
  await expect(toggle).not.toBeChecked();
  expect((await audio()).created).toBe(0);

  // The click is the gesture browsers wait for: the audio starts with it.
  await toggle.check();
  await expect.poll(async () => (await audio()).created).toBe(1);
  await expect.poll(async () => (await audio()).states.at(-1)).toBe('running');
  await settings.getByRole('button', { name: 'Play the stop tone' }).click();
  await expect.poll(async () => (await audio()).oscillators).toBe(1);
  await page.getByTestId('alarm-button').click();

  // A site going to STOP sounds, and keeps sounding until silenced.
  const siteId = await addStormSite(page, 'E2E loud yard', stormPoints.loud);
  await expect
    .poll(async () => (await audio()).oscillators, { timeout: watchRound })
    .toBeGreaterThanOrEqual(2);
  const silence = page.getByRole('button', { name: 'Silence alarm' });
  await expect(silence).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/alarm-silence.png' });
  await silence.click();
  await expect(silence).toHaveCount(0);
  await deleteSite(page, siteId);

  // Kept in this browser: after a reload it is still on, and starts on the next click.
  await page.reload();
  await expect(page.getByTestId('alarm-button')).toBeVisible();
  expect((await audio()).created).toBe(0);
  const reloaded = await openAlarmSettings(page);
  await expect(reloaded.getByRole('checkbox', { name: 'Sound on stop and caution' })).toBeChecked();
  await expect.poll(async () => (await audio()).created).toBe(1);

  // A wall is silent, whatever this browser's setting, until its link asks for the sound.
  await page.goto('/?view=board&kiosk=1');
  await expect(page.getByTestId('stream-indicator')).toHaveText('Live');
  // The alarms are running (the favicon is theirs), and made no sound.
  await expect.poll(() => favicon(page)).toMatch(/^data:image\/svg\+xml,/);
  expect((await audio()).created).toBe(0);
  await page.goto('/?view=board&kiosk=1&alarm=1');
  await expect.poll(async () => (await audio()).created).toBe(1);
});

test('the alarm settings at 390 px and on a desk', async ({ page, context }) => {
  await context.grantPermissions(['notifications']);
  await signInByApi(page);
  for (const screen of [
    { name: 'desktop', width: 1440, height: 900 },
    { name: '390', width: 390, height: 844 },
  ]) {
    await page.setViewportSize({ width: screen.width, height: screen.height });
    await page.goto('/?view=board');
    if (screen.width < 760) await page.getByRole('button', { name: 'Settings' }).click();
    const settings = await openAlarmSettings(page);
    await settings.getByRole('radio', { name: 'Only the sites ticked' }).check();
    await expect(settings.getByRole('list', { name: 'Followed sites' })).toBeVisible();
    // Every control named by its label, reachable by keyboard.
    await settings.getByRole('checkbox', { name: 'Alarms in this browser' }).focus();
    // Tab enters the radio group at its checked radio, and arrows move between them.
    await page.keyboard.press('Tab');
    await expect(settings.getByRole('radio', { name: 'Only the sites ticked' })).toBeFocused();
    await page.screenshot({
      path: `test-results/screenshots/alarm-settings-${screen.name}.png`,
      fullPage: false,
    });
    // Escape closes it and gives focus back to its button.
    await page.keyboard.press('Escape');
    await expect(settings).toHaveCount(0);
    await expect(page.getByTestId('alarm-button')).toBeFocused();
    // Back to following every site for the other tests.
    await page.evaluate(() => localStorage.removeItem('skydeck:alarms'));
  }
});

test('the channels ask a visitor to sign in', async ({ page }) => {
  await page.goto('/?view=channels');
  await expect(page.getByRole('heading', { name: 'Alarm channels' })).toBeVisible();
  await expect(page.getByTestId('channels')).toContainText(
    'Sign in to see and change the alarm channels.',
  );
});

test('an operator adds, tests, edits and deletes a channel, and sees its deliveries on the site page', async ({
  page,
}) => {
  // A real receiver on loopback (the e2e servers allow private webhook targets): it checks
  // nothing itself, it keeps what came, when, with its headers.
  const received: { at: number; headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ at: Date.now(), headers: request.headers, body });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  try {
    await signInByApi(page);
    for (const screen of [
      { name: 'desktop', width: 1440, height: 900 },
      { name: '390', width: 390, height: 844 },
    ]) {
      await page.setViewportSize({ width: screen.width, height: screen.height });
      await page.goto('/?view=channels');
      await page.getByRole('button', { name: 'Add channel' }).click();
      const form = page.getByRole('form', { name: 'New channel' });
      // Each rule is shown beneath its field, and broken ones are named before anything is sent.
      await form.getByRole('button', { name: 'Add channel' }).click();
      await expect(form.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
      await expect(form).toContainText('Must be 1 to 80 characters');
      await form.getByLabel('Kind').selectOption('webhook');
      await form.getByLabel('Name').fill(`E2E hook ${screen.name}`);
      await form.getByLabel('Address (URL)').fill(hook);
      // On the desktop the operator gives a secret; on the phone the server makes one up.
      if (screen.name === 'desktop')
        await form.getByLabel('Signing secret (optional)').fill('e2e-secret-0123456789');
      await form.getByRole('group', { name: 'Levels' }).getByLabel('CAUTION').uncheck();
      await form.getByLabel('Hold back all but stop between two times').check();
      await form.getByLabel('From').fill('22:00');
      await form.getByLabel('To', { exact: true }).fill('06:00');
      await page.screenshot({ path: `test-results/screenshots/channels-form-${screen.name}.png` });
      await form.getByRole('button', { name: 'Add channel' }).click();
      const channel = page.getByTestId('channel').filter({ hasText: `E2E hook ${screen.name}` });
      await expect(channel).toContainText('STOP · every site · quiet 22:00–06:00');
      const secret = page.getByTestId('channel-secret');
      if (screen.name === 'desktop') await expect(secret).toHaveCount(0);
      else {
        // Shown once, to give to the receiver.
        await expect(secret.locator('code').last()).toHaveText(/^[\x21-\x7e]{16,}$/);
        await secret.getByRole('button', { name: 'Done' }).click();
        await expect(secret).toHaveCount(0);
      }
      const before = received.length;
      await channel.getByRole('button', { name: /^Send test/ }).click();
      await expect(channel.getByTestId('test-outcome')).toHaveText(
        'Test sent (HTTP 200, delivered).',
      );
      expect(received.length).toBe(before + 1);
      expect(received.at(-1)?.headers['x-skydeck-signature']).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
      await page.screenshot({ path: `test-results/screenshots/channels-${screen.name}.png` });
      await channel.getByRole('button', { name: /^Edit/ }).click();
      const edit = page.getByRole('form', { name: `Edit E2E hook ${screen.name}` });
      await expect(edit.getByLabel('Kind')).toBeDisabled();
      await edit.getByRole('group', { name: 'Levels' }).getByLabel('CAUTION').check();
      await edit.getByRole('button', { name: 'Save channel' }).click();
      await expect(channel).toContainText('STOP, CAUTION · every site');
      if (screen.name === 'desktop') continue;
      await channel.getByRole('button', { name: /^Delete/ }).click();
      await channel
        .getByRole('button', { name: `Delete E2E hook ${screen.name} for good` })
        .click();
      await expect(channel).toHaveCount(0);
    }
    // The desktop's channel is left: a stop is delivered to it, and the site page lists it.
    const before = received.length;
    const asked = Date.now();
    const siteId = await addStormSite(page, 'E2E delivered yard', { lat: 36.5, lon: -90.96 });
    await expect.poll(() => received.length).toBeGreaterThan(before);
    const change = received.find(
      (delivery, index) => index >= before && delivery.body.includes(siteId),
    );
    expect(JSON.parse(change!.body)).toMatchObject({ event: { site_id: siteId, to: 'stop' } });
    console.log(
      `alarms: a new site's STOP reached the webhook ${change!.at - asked} ms after it was added`,
    );
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/?view=board&site=${siteId}`);
    const stopRow = page.getByTestId('event-row').filter({ hasText: 'STOP' }).first();
    await stopRow.getByRole('button', { name: /^Show/ }).click();
    await expect(page.getByTestId('deliveries')).toContainText('delivered');
    // The timeline sits in the site page's side panel: its last column is in view, not cut off.
    const timeline = await page.getByRole('region', { name: 'Events, newest first' }).boundingBox();
    const lastColumn = await page.getByRole('columnheader', { name: 'Deliveries' }).boundingBox();
    expect(lastColumn!.x + lastColumn!.width).toBeLessThanOrEqual(timeline!.x + timeline!.width);
    await page.screenshot({ path: 'test-results/screenshots/site-deliveries.png' });
    await deleteSite(page, siteId);
    await page.goto('/?view=channels');
    const kept = page.getByTestId('channel').filter({ hasText: 'E2E hook desktop' });
    await kept.getByRole('button', { name: /^Delete/ }).click();
    await kept.getByRole('button', { name: 'Delete E2E hook desktop for good' }).click();
    await expect(kept).toHaveCount(0);
  } finally {
    receiver.close();
  }
});

test('a channel whose deliveries fail is flagged on the board, for a wall too', async ({
  page,
  browser,
}) => {
  await signInByApi(page);
  // Link-local addresses (where clouds answer metadata) are refused whatever the settings, at
  // once; a loopback port nothing listens on (port 9, discard) is taken, and fails at the send.
  const refused = await page.request.post('/api/channels', {
    headers: writeHeaders,
    data: { kind: 'webhook', name: 'E2E metadata hook', target: 'http://169.254.169.254/hook' },
  });
  expect(refused.status()).toBe(400);
  const created = await page.request.post('/api/channels', {
    headers: writeHeaders,
    data: { kind: 'webhook', name: 'E2E dead hook', target: 'http://127.0.0.1:9/hook' },
  });
  expect(created.status()).toBe(201);
  const { channel } = (await created.json()) as { channel: { id: string } };
  const tested = await page.request.post(`/api/channels/${channel.id}/test`, {
    headers: writeHeaders,
  });
  expect(((await tested.json()) as { delivery: { outcome: string } }).delivery.outcome).toBe(
    'failed',
  );
  // A wall nobody signs in to sees it, without the channel's address.
  const wall = await browser.newPage({ baseURL: test.info().project.use.baseURL });
  await wall.goto('/?view=board&kiosk=1');
  await expect(wall.getByTestId('failing-channels')).toContainText(
    'An alarm channel is failing: E2E dead hook.',
  );
  await wall.close();
  await page.request.delete(`/api/channels/${channel.id}`, { headers: writeHeaders });
});
