// Kiosk soak: a wall screen left alone. It runs a rotating kiosk (panels, places, lightning)
// against the production build served by the BFF, for SOAK_HOURS of simulated time (the page's
// clock is driven; requests are real), and reports requests made, errors, timers and the page's
// JS heap at the start and end. `npm run soak`; not part of `npm test`.
import { chromium, type Page } from 'playwright-core';
import { chromiumArgs, findChromium } from './chromium.mjs';
import { countOpenFetches, fetchesSettled } from './page-settled';
import { startServer, testBuild } from './start-server';

const hours = Number(process.env.SOAK_HOURS ?? 24);
// One-minute steps: the shortest cadence, so every refresh is a request of its own (a longer
// jump would fire several timers while the first fetch is still in flight, and count one).
const stepMinutes = Number(process.env.SOAK_STEP_MINUTES ?? 1);
const port = 8189;
const simulatorNow = '2026-07-15T18:20:00Z';
const link =
  '/?kiosk=1&rotate=60&panels=daily,minutely,airquality,energy&places=35.78,-78.64;40.71,-74.01;36.5,-91&layers=lightning';

const server = await startServer(port, 'soak', { STATIC_DIR: testBuild });

const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
try {
  const context = await browser.newContext({
    viewport: { width: 1920, height: 1080 },
    reducedMotion: 'reduce',
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const requests = new Map<string, number>();
  const errors: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/api/')) requests.set(path, (requests.get(path) ?? 0) + 1);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) errors.push(`${response.status()} ${response.url()}`);
  });
  let cancelled = 0;
  page.on('requestfailed', (request) => {
    // A place or panel that rotates away cancels its requests in flight: expected, not an error.
    if (request.failure()?.errorText === 'net::ERR_ABORTED') cancelled += 1;
    else errors.push(`failed ${request.url()} (${request.failure()?.errorText})`);
  });
  page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });

  await page.clock.install({ time: new Date(simulatorNow) });
  await countOpenFetches(page);
  await page.goto(`http://127.0.0.1:${port}${link}`);
  await page.getByTestId('daily').waitFor({ timeout: 60_000 });
  await fetchesSettled(page);

  const heap = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    const usage = await cdp.send('Runtime.getHeapUsage');
    return usage.usedSize / 1024 / 1024;
  };
  const total = () => [...requests.values()].reduce((sum, value) => sum + value, 0);
  const startHeap = await heap();
  const heapByHour: string[] = [];
  const started = Date.now();
  const perHour: number[] = [];
  let hourStart = total();
  for (let minute = stepMinutes; minute <= hours * 60; minute += stepMinutes) {
    await page.clock.runFor(stepMinutes * 60_000);
    await settle(page);
    if (minute % 60 === 0) {
      perHour.push(total() - hourStart);
      hourStart = total();
    }
    if (minute % (6 * 60) === 0)
      heapByHour.push(`${minute / 60} h: ${(await heap()).toFixed(1)} MB`);
  }
  const endHeap = await heap();
  const domNodes = await page.evaluate(() => document.getElementsByTagName('*').length);

  console.log(
    `\nKiosk soak: ${hours} simulated hours in ${((Date.now() - started) / 1000).toFixed(0)} s real time`,
  );
  console.log(`link: ${link}`);
  console.log(`API requests: ${total()}`);
  for (const [path, count] of [...requests].sort((a, b) => b[1] - a[1]))
    console.log(`  ${path.padEnd(28)} ${count}`);
  console.log(
    `requests per simulated hour: first ${perHour[0]}, last ${perHour.at(-1)}, max ${Math.max(...perHour)}`,
  );
  console.log(`requests cancelled by rotation: ${cancelled}`);
  console.log(`errors: ${errors.length}`);
  for (const error of errors.slice(0, 10)) console.log(`  ${error}`);
  console.log(`JS heap after GC: start ${startHeap.toFixed(1)} MB, end ${endHeap.toFixed(1)} MB`);
  console.log(`JS heap every 6 simulated hours: ${heapByHour.join(', ')}`);
  console.log(`DOM elements at the end: ${domNodes}`);
  const growth = (perHour.at(-1) ?? 0) / Math.max(1, perHour[0] ?? 0);
  if (errors.length > 0 || growth > 1.1) {
    console.log(
      `\nFAILED: ${errors.length} errors; last hour's requests ${growth.toFixed(2)}× the first's`,
    );
    process.exitCode = 1;
  }
} finally {
  await browser.close();
  server.stop();
}

/** Lets the requests a step started finish before the next step. */
async function settle(page: Page) {
  await fetchesSettled(page);
}
