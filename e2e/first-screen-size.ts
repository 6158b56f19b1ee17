// The first screen's weight and Lighthouse scores, beside their aims: the JavaScript it loads,
// gzip-compressed, with and without a chart panel open; the basemap data the world view loads;
// and Lighthouse's desktop and mobile runs. From the production build served by the BFF, in
// Chromium at a desk's 1600×900, everything the page fetches with no interaction until the
// network is idle.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import lighthouse, { desktopConfig } from 'lighthouse';
import { chromium } from 'playwright-core';
import { chromiumArgs, findChromium } from './chromium.mjs';
import { startServer } from './start-server';

const port = 8188;
/** Where Lighthouse reaches the browser (loopback only). */
const debuggingPort = 9338;
const kB = (bytes: number) => (bytes / 1024).toFixed(1);

/** Aims of issue 28: JavaScript apart from MapLibre, the world view's basemap, Lighthouse. */
const aims = {
  jsBesidesMaplibreKb: 150,
  worldBasemapKb: 150,
  scores: {
    desktop: { performance: 95, accessibility: 100, 'best-practices': 100 },
    mobile: { performance: 75, accessibility: 100, 'best-practices': 100 },
  },
} as const;
/** A desk's screen: the first screen is measured as it loads there. */
const viewport = { width: 1600, height: 900 };

const isMaplibre = (file: string) => /^maplibre(-gl-worker)?-/.test(file);
const gzipBytes = (file: string) =>
  gzipSync(readFileSync(join('dist/client/assets', file)), { level: 9 }).length;

interface Loaded {
  file: string;
  gzip: number;
}

/** The scripts and basemap files a page loads until it is idle, as Chromium requests them. */
async function filesLoaded(search: string, ready: string) {
  const page = await browser.newPage({ viewport });
  const files = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (/\.m?js$/.test(url.pathname) || /\/basemap-[\w-]+\.json$/.test(url.pathname))
      files.add(basename(url.pathname));
  });
  await page.goto(`http://127.0.0.1:${port}/${search}`);
  await page.waitForSelector(ready, { timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await page.close();
  const all = [...files].sort().map((file): Loaded => ({ file, gzip: gzipBytes(file) }));
  return {
    scripts: all.filter((entry) => !entry.file.endsWith('.json')),
    basemap: all.filter((entry) => entry.file.endsWith('.json')),
  };
}

const sum = (entries: readonly Loaded[]) => entries.reduce((total, entry) => total + entry.gzip, 0);
const list = (entries: readonly Loaded[]) => {
  for (const entry of entries)
    console.log(`  ${entry.file.padEnd(48)} ${kB(entry.gzip).padStart(7)} kB`);
};
const verdict = (ok: boolean) => (ok ? 'meets the aim' : 'MISSES the aim');

async function lighthouseRun(preset: 'desktop' | 'mobile') {
  const result = await lighthouse(
    `http://127.0.0.1:${port}/`,
    {
      port: debuggingPort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    },
    preset === 'desktop' ? desktopConfig : undefined,
  );
  if (!result) throw new Error(`Lighthouse gave no result for the ${preset} run`);
  // The whole report, for what the summary below leaves out.
  mkdirSync('test-results', { recursive: true });
  writeFileSync(`test-results/lighthouse-${preset}.json`, JSON.stringify(result.lhr, null, 1));
  const { categories, audits } = result.lhr;
  console.log(`\nLighthouse, ${preset} preset, the world view (/):`);
  for (const [id, aim] of Object.entries(aims.scores[preset])) {
    const score = Math.round((categories[id]?.score ?? 0) * 100);
    console.log(
      `  ${id.padEnd(16)} ${String(score).padStart(3)}  aim ≥ ${aim}: ${verdict(score >= aim)}`,
    );
  }
  console.log(`  ${'LCP'.padEnd(16)} ${audits['largest-contentful-paint']?.displayValue ?? '?'}`);
  // What keeps a score down: every failed audit that weighs in a category.
  for (const [id, category] of Object.entries(categories)) {
    const failing = category.auditRefs
      .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 0.9)
      .map((ref) => `${ref.id} (${audits[ref.id]?.displayValue ?? audits[ref.id]?.score})`);
    if (failing.length) console.log(`  below 90 in ${id}: ${failing.join(', ')}`);
  }
}

const server = await startServer(port, 'size');
const browser = await chromium.launch({
  executablePath: findChromium(),
  headless: true,
  args: [...chromiumArgs, `--remote-debugging-port=${debuggingPort}`],
});
try {
  const place = '?lat=35.78&lon=-78.64';
  const world = await filesLoaded('', '.map[data-map-ready="true"]');
  const placeView = await filesLoaded(place, '[data-testid="place-name"]');
  const runs = [
    { name: 'the world view (/)', files: world.scripts, firstScreen: true },
    {
      name: 'map and current conditions',
      files: placeView.scripts,
      firstScreen: true,
    },
    {
      // A chart is opened, not a first screen: its figure is for comparison, without an aim.
      name: 'with the 16-day chart open',
      files: (await filesLoaded(`${place}&panel=daily`, '.daily-tick')).scripts,
      firstScreen: false,
    },
  ];
  for (const run of runs) {
    const total = sum(run.files);
    const maplibre = sum(run.files.filter((entry) => isMaplibre(entry.file)));
    console.log(`\n${run.name}: ${kB(total)} kB of JavaScript, gzip -9`);
    console.log(
      `  MapLibre and its worker ${kB(maplibre)} kB; the rest ${kB(total - maplibre)} kB` +
        (run.firstScreen
          ? ` (aim ≤ ${aims.jsBesidesMaplibreKb} kB on a first screen: ` +
            `${verdict(total - maplibre <= aims.jsBesidesMaplibreKb * 1024)})`
          : ''),
    );
    list(run.files);
  }
  // Everything the world view fetched, prefetches included: all of it crosses the network.
  const basemap = sum(world.basemap);
  console.log(
    `\nbasemap data at world zoom, ${viewport.width}×${viewport.height}: ${kB(basemap)} kB, ` +
      `gzip -9 (aim ≤ ${aims.worldBasemapKb} kB: ${verdict(basemap <= aims.worldBasemapKb * 1024)})`,
  );
  list(world.basemap);
  // A place's view is zoomed in, to the 1:50m land: for comparison, without an aim.
  console.log(`basemap data at a place's zoom: ${kB(sum(placeView.basemap))} kB, gzip -9`);
  list(placeView.basemap);

  await lighthouseRun('desktop');
  await lighthouseRun('mobile');
} finally {
  await browser.close();
  server.stop();
}
