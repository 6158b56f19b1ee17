// Map benchmark: frame times while panning with 2,500 and with 10,000 lightning strikes drawn,
// beside the same pan with the strikes hidden, in Chromium against the production build served
// by the BFF. The strikes come through the app's own path (the live answer, rewritten on its way
// in), so whatever the app does with an answer is what gets measured.
import { chromium, type Browser } from 'playwright-core';
import { chromiumArgs, findChromium } from './chromium.mjs';
import { startServer, testBuild } from './start-server';

const port = 8187;
/** Frames per case, measured in alternating blocks so drift in the machine's load falls on both. */
const frames = 240;
const blocks = 4;
const cases = [
  { strikes: 2500, aim: 1.15 },
  { strikes: 10_000, aim: 1.5 },
];

/** Strikes spread over a 75 km disc around the point, of every age in the 45-minute window. */
function syntheticStrikes(count: number, centre: { lat: number; lon: number }, now: number) {
  let seed = 1;
  const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 19);
  return Array.from({ length: count }, (_, id) => {
    const distance = 75 * Math.sqrt(random());
    const bearing = 360 * random();
    const radians = (bearing * Math.PI) / 180;
    const lat = centre.lat + (distance / 111.2) * Math.cos(radians);
    const lon =
      centre.lon +
      (distance / (111.2 * Math.cos((centre.lat * Math.PI) / 180))) * Math.sin(radians);
    const pastMins = random() * 45;
    const time = now - pastMins * 60_000;
    return {
      type: 'Feature',
      geometry: { type: 'Point', coordinates: [lon, lat] },
      properties: {
        bearing_cardinal: 'N',
        bearing_degrees: Math.round(bearing),
        distance_km: distance,
        distance_mi: distance / 1.609344,
        id,
        timestamp_utc: iso(time),
        timestamp_local: iso(time),
        past_mins: pastMins,
        type: 'cg',
        source: 'benchmark',
      },
    };
  });
}

interface Timing {
  mean: number;
  median: number;
  p95: number;
}

const timing = (times: number[]): Timing => {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    mean: times.reduce((a, b) => a + b, 0) / times.length,
    median: sorted[Math.floor(sorted.length / 2)]!,
    p95: sorted[Math.floor(sorted.length * 0.95)]!,
  };
};
const timingText = (t: Timing) =>
  `mean ${t.mean.toFixed(1)} ms (${(1000 / t.mean).toFixed(0)} fps), median ${t.median.toFixed(1)} ms, p95 ${t.p95.toFixed(1)} ms`;

async function measure(browser: Browser, count: number) {
  const centre = { lat: 36.5, lon: -91 };
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  // tsx names functions with a __name helper; the functions sent to the page need it too.
  await page.addInitScript({ content: 'window.__name = (fn) => fn;' });
  // Every answer carries the same strikes, so a refresh during the pan changes nothing on the map.
  let body: unknown;
  await page.route('**/api/current/lightning?*', async (route) => {
    const response = await route.fetch();
    if (!body) {
      const answer = (await response.json()) as Record<string, unknown>;
      const now = Number(response.headers()['x-server-time'] ?? Date.now());
      body = { ...answer, count, features: syntheticStrikes(count, centre, now) };
    }
    await route.fulfill({ response, json: body });
  });
  await page.goto(
    `http://127.0.0.1:${port}/?lat=${centre.lat}&lon=${centre.lon}&z=8&layers=lightning`,
  );
  await page.waitForFunction(
    (wanted) => {
      const map = window.__skydeckMap;
      return (
        map?.getLayer('lightning-strikes') !== undefined &&
        map.loaded() &&
        map.queryRenderedFeatures({ layers: ['lightning-strikes'] }).length >= wanted * 0.9
      );
    },
    count,
    { timeout: 60_000 },
  );
  const rendered = await page.evaluate(
    () => window.__skydeckMap!.queryRenderedFeatures({ layers: ['lightning-strikes'] }).length,
  );

  const pan = (frameCount: number) =>
    page.evaluate(
      (wanted) =>
        new Promise<number[]>((resolve) => {
          const map = window.__skydeckMap!;
          const times: number[] = [];
          let last = 0;
          const step = (now: number) => {
            if (last) times.push(now - last);
            last = now;
            if (times.length >= wanted) return resolve(times);
            map.panBy([times.length % 120 < 60 ? 6 : -6, 2 * Math.sin(times.length / 10)], {
              animate: false,
            });
            requestAnimationFrame(step);
          };
          requestAnimationFrame(step);
        }),
      frameCount,
    );
  // Every layer drawn from the strikes' source: the strikes and whatever rings them.
  const showStrikes = (visible: boolean) =>
    page.evaluate((on) => {
      const map = window.__skydeckMap!;
      for (const layer of map.getStyle().layers) {
        if ('source' in layer && layer.source === 'lightning')
          map.setLayoutProperty(layer.id, 'visibility', on ? 'visible' : 'none');
      }
    }, visible);

  const shown: number[] = [];
  const hidden: number[] = [];
  for (let block = 0; block < blocks; block += 1) {
    for (const [visible, into] of [
      [true, shown],
      [false, hidden],
    ] as const) {
      await showStrikes(visible);
      await pan(30); // warm-up
      into.push(...(await pan(frames / blocks)));
    }
  }
  await page.close();
  return { rendered, shown: timing(shown), hidden: timing(hidden) };
}

const server = await startServer(port, 'map-bench', { STATIC_DIR: testBuild });
const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
try {
  const results = [];
  for (const { strikes, aim } of cases)
    results.push({ strikes, aim, ...(await measure(browser, strikes)) });
  console.log(
    `\nMap pan, ${frames} frames per case, 1440x900, Chromium ${browser.version()} (software WebGL):`,
  );
  for (const { strikes, aim, rendered, shown, hidden } of results) {
    const label = strikes.toLocaleString('en-GB');
    console.log(`  ${label} strikes (${rendered} rendered in view): ${timingText(shown)}`);
    console.log(`  ${label} strikes hidden: ${' '.repeat(16)}${timingText(hidden)}`);
    console.log(
      `  pan ${label} strikes: ${(shown.mean / hidden.mean).toFixed(2)}× (aim ≤ ${aim.toFixed(2)}×)`,
    );
  }
} finally {
  await browser.close();
  server.stop();
}
