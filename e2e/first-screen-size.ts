// The JavaScript a first screen loads, gzip-compressed, with and without a chart panel open:
// from the production build served by the BFF, as Chromium requests it.
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumArgs, findChromium } from './chromium.mjs';
import { startServer } from './start-server';

const port = 8188;
const server = await startServer(port, 'size');

const gzipBytes = (file: string) =>
  gzipSync(readFileSync(join('dist/client/assets', file)), { level: 9 }).length;

async function scriptsLoaded(search: string, ready: string) {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  const files = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (/\.m?js$/.test(url.pathname)) files.add(basename(url.pathname));
  });
  await page.goto(`http://127.0.0.1:${port}/${search}`);
  await page.waitForSelector(ready, { timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await page.close();
  return [...files].sort().map((file) => ({ file, gzip: gzipBytes(file) }));
}

const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
try {
  const place = '?lat=35.78&lon=-78.64';
  const runs = [
    {
      name: 'map and current conditions',
      files: await scriptsLoaded(place, '[data-testid="place-name"]'),
    },
    {
      name: 'with the 16-day chart open',
      files: await scriptsLoaded(`${place}&panel=daily`, '.daily-tick'),
    },
  ];
  for (const run of runs) {
    const total = run.files.reduce((sum, entry) => sum + entry.gzip, 0);
    console.log(`\n${run.name}: ${(total / 1024).toFixed(1)} kB of JavaScript, gzip -9`);
    for (const entry of run.files)
      console.log(`  ${entry.file.padEnd(48)} ${(entry.gzip / 1024).toFixed(1).padStart(7)} kB`);
  }
} finally {
  await browser.close();
  server.stop();
}
