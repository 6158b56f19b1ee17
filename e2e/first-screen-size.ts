// The JavaScript a first screen loads, gzip-compressed, with and without a chart panel open:
// from the production build served by the BFF, as Chromium requests it.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { chromiumArgs, findChromium } from './chromium.mjs';

const port = 8188;
const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    SIMULATOR_NOW: '2026-07-15T18:20:00Z',
    WEATHERBIT_API_KEY: '',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'skydeck-size-')),
  },
  stdio: ['ignore', 'ignore', 'pipe'],
});
await new Promise<void>((resolve, reject) => {
  server.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  server.stderr.on(
    'data',
    (chunk: Buffer) => chunk.toString().includes('Skydeck is running') && resolve(),
  );
});

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
  server.kill('SIGTERM');
}
