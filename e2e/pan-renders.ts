// Renders of the map and the panels beside it during one pan with the mouse, and during one
// keystroke in the history form: panning and typing must leave the parts that do not show them
// alone. Counted by lib/render-count in the production build served by the BFF.
import { chromium } from 'playwright-core';
import { chromiumArgs, findChromium } from './chromium.mjs';
import { countOpenFetches, fetchesSettled } from './page-settled';
import { startServer, testBuild } from './start-server';

const port = 8189;
const server = await startServer(port, 'pan-renders', { STATIC_DIR: testBuild });
const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.addInitScript(() => {
    window.__skydeckRenders = {};
  });
  await countOpenFetches(page);
  await page.goto(
    `http://127.0.0.1:${port}/?lat=36.5&lon=-91&z=7&layers=lightning&panel=history&dataset=daily&city=Pari&country=FR`,
  );
  await page.waitForSelector('[data-map-ready="true"]', { timeout: 60_000 });
  await fetchesSettled(page);
  await page.waitForFunction(() => window.__skydeckMap!.loaded());

  const reset = () => page.evaluate(() => (window.__skydeckRenders = {}));
  const counts = () => page.evaluate(() => ({ ...window.__skydeckRenders }));

  await reset();
  const before = page.url();
  const box = (await page.locator('.map').boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 1; step <= 20; step += 1) await page.mouse.move(x - step * 10, y - step * 4);
  await page.mouse.up();
  await page.waitForFunction((url) => window.location.href !== url, before);
  await page.waitForFunction(() => !window.__skydeckMap!.isMoving());
  await fetchesSettled(page);
  const pan = await counts();

  await reset();
  await page.getByLabel('City', { exact: true }).focus();
  await page.keyboard.press('End');
  await page.keyboard.type('s');
  await page.waitForFunction(() => window.location.search.includes('city=Paris'));
  await fetchesSettled(page);
  const typed = await counts();

  const row = (label: string, value: Record<string, number>) =>
    `${label.padEnd(34)} ${[
      'WeatherMap',
      'LightningLayer',
      'SafetyStatus',
      'SelectionPanel',
      'PanelDock',
      'App',
    ]
      .map((name) => `${name} ${value[name] ?? 0}`)
      .join(', ')}`;
  console.log(row('renders during one mouse pan:', pan));
  console.log(row('renders for one key in the city field:', typed));
} finally {
  await browser.close();
  server.stop();
}
