// The public status page's weight and Lighthouse mobile score (issue 31): the JavaScript a phone
// loads for a shared link (/s/<token>), gzip-compressed, against the aim of 100 kB with React,
// and Lighthouse's mobile run on it. From the production build served by the BFF, in Chromium at
// a phone's 390×844, everything the page fetches until the network is idle.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { chromiumArgs, findChromium } from './chromium.mjs';
import { startServer } from './start-server';

const port = 8189;
const debuggingPort = 9339;
const password = 'public status size';
const aims = { jsKb: 100, mobilePerformance: 90 } as const;
const kB = (bytes: number) => (bytes / 1024).toFixed(1);
const writeHeaders = { 'Content-Type': 'application/json', 'X-Requested-With': 'skydeck' };

const server = await startServer(port, 'public-size', { SKYDECK_ADMIN_PASSWORD: password });
const browser = await chromium.launch({
  executablePath: findChromium(),
  headless: true,
  args: [...chromiumArgs, `--remote-debugging-port=${debuggingPort}`],
});
try {
  const signIn = await fetch(`${server.url}/api/session`, {
    method: 'POST',
    headers: writeHeaders,
    body: JSON.stringify({ username: 'admin', password }),
  });
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const { sites } = (await (await fetch(`${server.url}/api/sites`)).json()) as {
    sites: { id: string }[];
  };
  const shared = await fetch(`${server.url}/api/sites/${sites[0]?.id}/share`, {
    method: 'POST',
    headers: { ...writeHeaders, Cookie: cookie },
  });
  const { url } = (await shared.json()) as { url: string };
  const address = `${server.url}${url}`;

  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const files = new Set<string>();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    if (/\.m?js$/.test(path)) files.add(basename(path));
  });
  await page.goto(address);
  await page.waitForSelector('[data-testid="public-heading"]', { timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await page.close();
  const loaded = [...files].sort().map((file) => ({
    file,
    gzip: gzipSync(readFileSync(join('dist/client/assets', file)), { level: 9 }).length,
  }));
  const total = loaded.reduce((sum, entry) => sum + entry.gzip, 0);
  console.log(
    `the public status page (${url}): ${kB(total)} kB of JavaScript, gzip -9 ` +
      `(aim ≤ ${aims.jsKb} kB: ${total <= aims.jsKb * 1024 ? 'meets the aim' : 'MISSES the aim'})`,
  );
  for (const entry of loaded)
    console.log(`  ${entry.file.padEnd(48)} ${kB(entry.gzip).padStart(7)} kB`);

  const result = await lighthouse(address, {
    port: debuggingPort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
  });
  if (!result) throw new Error('Lighthouse gave no result');
  mkdirSync('test-results', { recursive: true });
  writeFileSync('test-results/lighthouse-public-status.json', JSON.stringify(result.lhr, null, 1));
  console.log('\nLighthouse, mobile preset, the public status page:');
  for (const [id, category] of Object.entries(result.lhr.categories))
    console.log(
      `  ${id.padEnd(16)} ${String(Math.round((category.score ?? 0) * 100)).padStart(3)}`,
    );
  console.log(
    `  (aim: performance ≥ ${aims.mobilePerformance}); LCP ` +
      `${result.lhr.audits['largest-contentful-paint']?.displayValue ?? '?'}`,
  );
} finally {
  await browser.close();
  server.stop();
}
