// Map benchmark: frame times while panning with 2,500 lightning strikes drawn, beside the same
// pan with the layer hidden, in Chromium against the production build served by the BFF.
import { chromium } from 'playwright-core';
import { chromiumArgs, findChromium } from './chromium.mjs';
import { startServer } from './start-server';

const port = 8187;
const frames = 240;
const server = await startServer(port, 'map-bench');

const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  // tsx names functions with a __name helper; the functions sent to the page need it too.
  await page.addInitScript({ content: 'window.__name = (fn) => fn;' });
  await page.goto(`http://127.0.0.1:${port}/?lat=36.5&lon=-91&z=8&layers=lightning`);
  await page.waitForFunction(
    () => window.__skydeckMap?.getSource('lightning') !== undefined,
    undefined,
    { timeout: 60_000 },
  );

  // 2,500 strikes spread over the 75 km search disc, of every age in the window.
  await page.evaluate(() => {
    const map = window.__skydeckMap!;
    let seed = 1;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const features = Array.from({ length: 2500 }, () => {
      const distance = 75 * Math.sqrt(random());
      const bearing = 2 * Math.PI * random();
      const lat = 36.5 + (distance / 111.2) * Math.cos(bearing);
      const lon = -91 + (distance / (111.2 * Math.cos((36.5 * Math.PI) / 180))) * Math.sin(bearing);
      return {
        type: 'Feature' as const,
        geometry: { type: 'Point' as const, coordinates: [lon, lat] },
        properties: { t: Date.now() - random() * 45 * 60_000, distance_km: distance },
      };
    });
    (map.getSource('lightning') as unknown as { setData(data: unknown): void }).setData({
      type: 'FeatureCollection',
      features,
    });
  });
  await page.waitForFunction(() => window.__skydeckMap!.loaded());

  const pan = (count: number) =>
    page.evaluate(
      (frameCount) =>
        new Promise<number[]>((resolve) => {
          const map = window.__skydeckMap!;
          const times: number[] = [];
          let last = 0;
          const step = (now: number) => {
            if (last) times.push(now - last);
            last = now;
            if (times.length >= frameCount) return resolve(times);
            map.panBy([times.length % 120 < 60 ? 6 : -6, 2 * Math.sin(times.length / 10)], {
              animate: false,
            });
            requestAnimationFrame(step);
          };
          requestAnimationFrame(step);
        }),
      count,
    );
  const summary = (times: number[]) => {
    const sorted = [...times].sort((a, b) => a - b);
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    return `mean ${mean.toFixed(1)} ms (${(1000 / mean).toFixed(0)} fps), median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)} ms, p95 ${sorted[Math.floor(sorted.length * 0.95)]!.toFixed(1)} ms`;
  };

  await pan(30); // warm-up
  const withStrikes = await pan(frames);
  const rendered = await page.evaluate(
    () => window.__skydeckMap!.queryRenderedFeatures({ layers: ['lightning-strikes'] }).length,
  );
  await page.evaluate(() =>
    window.__skydeckMap!.setLayoutProperty('lightning-strikes', 'visibility', 'none'),
  );
  await pan(30);
  const withoutStrikes = await pan(frames);
  console.log(
    `\nMap pan, ${frames} frames, 1440x900, Chromium ${browser.version()} (software WebGL):`,
  );
  console.log(`  2,500 strikes (${rendered} rendered in view): ${summary(withStrikes)}`);
  console.log(`  lightning layer hidden:        ${summary(withoutStrikes)}`);
} finally {
  await browser.close();
  server.stop();
}
