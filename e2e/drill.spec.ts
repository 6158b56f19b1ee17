import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { signInByApi, writeHeaders } from './sign-in';

/**
 * A drill from a site's page against the real BFF: the operator is told beforehand who will be
 * messaged, confirms, and sees what was delivered; a real receiver on loopback gets a webhook of
 * `kind: "drill"`, and the site's level stays as it was. The channel form offers the tier.
 */

/** Far from the simulated storm: a site here is not at STOP, and a drill does not make it so. */
const calmPoint = { lat: 44.1, lon: -103.2 };

test('an operator runs a drill from a site page: told who gets it, then what was delivered', async ({
  page,
}) => {
  const received: { path: string; body: string }[] = [];
  const receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ path: request.url ?? '', body });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const made: string[] = [];
  let siteId: string | undefined;
  try {
    await signInByApi(page);
    const site = await page.request.post('/api/sites', {
      headers: writeHeaders,
      data: { name: 'E2E drill yard', ...calmPoint },
    });
    expect(site.status()).toBe(201);
    siteId = ((await site.json()) as { site: { id: string } }).site.id;
    for (const channel of [
      { name: 'E2E drill crew', target: `${base}/crew`, after_minutes: 0 },
      { name: 'E2E drill supervisor', target: `${base}/supervisor`, after_minutes: 10 },
    ]) {
      const answer = await page.request.post('/api/channels', {
        headers: writeHeaders,
        data: { kind: 'webhook', sites: [siteId], ...channel },
      });
      expect(answer.status()).toBe(201);
      made.push(((await answer.json()) as { channel: { id: string } }).channel.id);
    }

    // The channel form offers the tier, in words.
    await page.goto('/?view=channels');
    await page.getByRole('button', { name: 'Add channel' }).click();
    const form = page.getByRole('form', { name: 'New channel' });
    await expect(form.getByLabel('Only if a STOP stays unacknowledged for … minutes')).toHaveValue(
      '0',
    );
    await expect(
      page.getByTestId('channel').filter({ hasText: 'E2E drill supervisor' }),
    ).toContainText('only a stop unacknowledged for 10 min');

    await page.goto(`/?v=3&view=board&site=${siteId}`);
    const sitePage = page.getByTestId('site-page');
    await expect(sitePage.getByRole('heading', { name: 'E2E drill yard' })).toBeVisible();
    const drill = page.getByTestId('drill-control');
    await drill.getByRole('button', { name: 'Run a drill' }).click();
    const audience = drill.getByTestId('drill-audience');
    await expect(audience).toContainText('E2E drill crew (Webhook (JSON))');
    await expect(audience).toContainText('E2E drill supervisor (Webhook (JSON))');
    await drill.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/screenshots/drill-confirm.png' });

    await drill.getByRole('button', { name: 'Send the drill now' }).click();
    const result = drill.getByTestId('drill-result');
    await expect(result).toContainText('Drill started by admin');
    await expect(result).toContainText('E2E drill crew: delivered', { timeout: 30_000 });
    await expect(result).toContainText('E2E drill supervisor: delivered', { timeout: 30_000 });
    await drill.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/screenshots/drill-result.png' });

    const bodies = received.map((request) => JSON.parse(request.body) as { kind: string });
    expect(bodies.map((body) => body.kind)).toEqual(['drill', 'drill']);
    // The site's level is what the watch judged, not the drill's STOP.
    const read = await page.request.get(`/api/sites/${siteId}`);
    const level = ((await read.json()) as { site: { status: { level: string } } }).site.status
      .level;
    expect(level).not.toBe('stop');

    // Again at once: the rule is named.
    await drill.getByRole('button', { name: 'Run a drill' }).click();
    await drill.getByRole('button', { name: 'Send the drill now' }).click();
    await expect(drill.getByRole('alert')).toContainText('at most one a site every 60 seconds');
  } finally {
    for (const id of made)
      await page.request.delete(`/api/channels/${id}`, { headers: writeHeaders });
    if (siteId) await page.request.delete(`/api/sites/${siteId}`, { headers: writeHeaders });
    receiver.close();
  }
});
