import { expect, test } from '@playwright/test';
import { simulatorNow } from './playwright.config';
import { signInByApi, writeHeaders } from './sign-in';

/**
 * A site's own station on its page against the real BFF at the pinned time: readings uploaded
 * over the Weather Underground protocol are drawn as a chart beside the gridded values, and
 * offered as a table. The last reading is 15 minutes before now, so the station has gone quiet:
 * its notice shows and the watch is on gridded data, drawn as reference lines.
 */

const minute = 60_000;
/** WU's `dateutc`, "YYYY-MM-DD HH:MM:SS" in UTC. */
const dateutc = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

test('a site page draws its station’s readings beside the gridded values, and as a table', async ({
  page,
}) => {
  let siteId: string | undefined;
  let stationId: string | undefined;
  try {
    await signInByApi(page);
    const site = await page.request.post('/api/sites', {
      headers: writeHeaders,
      data: { name: 'E2E station yard', lat: 41.9, lon: -87.6 },
    });
    expect(site.status()).toBe(201);
    siteId = ((await site.json()) as { site: { id: string } }).site.id;
    const created = await page.request.post('/api/stations', {
      headers: writeHeaders,
      data: { name: 'Jib anemometer', site_id: siteId },
    });
    expect(created.status()).toBe(201);
    const { station, key } = (await created.json()) as { station: { id: string }; key: string };
    stationId = station.id;

    // Sixteen readings from 17:20 to 18:05, every three minutes: a gust that builds and eases.
    const now = Date.parse(simulatorNow);
    for (let i = 0; i < 16; i++) {
      const at = now - 60 * minute + i * 3 * minute;
      const gust = 14 + 10 * Math.sin((i / 15) * Math.PI);
      const upload = await page.request.get('/api/stations/wu/updateweatherstation.php', {
        params: {
          ID: station.id,
          PASSWORD: key,
          dateutc: dateutc(at),
          windspeedmph: (gust * 0.6).toFixed(1),
          windgustmph: gust.toFixed(1),
          winddir: '250',
          tempf: (70 + i * 0.4).toFixed(1),
          humidity: '55',
        },
      });
      expect(upload.status()).toBe(200);
    }

    await page.goto(`/?v=3&view=board&site=${siteId}`);
    const panel = page.getByTestId('station-chart');
    // The watch's next round (every few seconds) gives the site its station.
    await expect(panel).toBeVisible({ timeout: 30_000 });
    await expect(panel.getByRole('heading', { name: 'Station: Jib anemometer' })).toBeVisible();
    // On the status card too, the last reading's time is read in the site's zone, not UTC.
    await expect(page.getByTestId('station-notice')).toHaveText(
      /^Jib anemometer: no reading since \d\d:\d\d CDT; gridded data in use$/,
    );
    await expect(panel.getByTestId('station-chart-use')).toContainText('gridded data in use');
    await expect(panel.getByTestId('station-chart-summary')).toContainText(
      'the gridded values the watch read last',
    );
    const chart = panel.getByTestId('station-chart-chart');
    await expect(chart.locator('.recharts-line')).toHaveCount(3);
    await expect(chart.locator('.recharts-reference-line')).not.toHaveCount(0);
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/screenshots/stations-chart.png' });

    // The table alternative, by keyboard: the same sixteen minutes, in the chosen units.
    await panel.getByRole('button', { name: 'Table' }).focus();
    await page.keyboard.press('Enter');
    const table = panel.getByRole('table');
    await expect(table.getByRole('row')).toHaveCount(17);
    await expect(table.getByRole('columnheader', { name: 'Gust (m/s)' })).toBeVisible();
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'test-results/screenshots/stations-table.png' });
    // Back to the chart, so the panel view in the URL is left as other specs expect it.
    await panel.getByRole('button', { name: 'Chart' }).click();

    // At a phone's width the panel still fits: no sideways scrolling of the page.
    await page.setViewportSize({ width: 390, height: 844 });
    await panel.scrollIntoViewIfNeeded();
    await expect(chart.locator('.recharts-line')).toHaveCount(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.screenshot({ path: 'test-results/screenshots/stations-chart-390.png' });
  } finally {
    if (stationId)
      await page.request.delete(`/api/stations/${stationId}`, { headers: writeHeaders });
    if (siteId) await page.request.delete(`/api/sites/${siteId}`, { headers: writeHeaders });
  }
});
