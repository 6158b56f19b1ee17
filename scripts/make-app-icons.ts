/**
 * The installable app's PNG icons, drawn from public/favicon.svg by the Chromium the e2e tests
 * use (no image library needed): 192 and 512 pixels with the favicon's rounded square, and a
 * 512-pixel maskable one whose background fills the square and whose picture keeps inside the
 * safe zone (the centre circle of 80%), since a launcher may crop it to any shape. Run once
 * after changing the favicon: `node --import tsx scripts/make-app-icons.ts`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { findChromium } from '../e2e/chromium.mjs';

const root = join(import.meta.dirname, '..');
const svg = readFileSync(join(root, 'public/favicon.svg'), 'utf8');
// The favicon's picture without its rounded square, for the maskable icon's full-bleed ground.
const picture = svg.replace(/<rect[^>]*\/>/, '');
const ground = /<rect[^>]*fill="([^"]+)"/.exec(svg)?.[1] ?? '#0b1d2e';

const icons = [
  { file: 'icon-192.png', size: 192, html: svg },
  { file: 'icon-512.png', size: 512, html: svg },
  {
    file: 'icon-maskable-512.png',
    size: 512,
    // The picture at 60% of the side: its corners stay within the 80% safe circle.
    html: `<div style="width:100%;height:100%;background:${ground};display:grid;place-items:center">
      <div style="width:60%;height:60%">${picture}</div></div>`,
  },
];

const browser = await chromium.launch({ executablePath: findChromium() });
try {
  for (const icon of icons) {
    const page = await browser.newPage({
      viewport: { width: icon.size, height: icon.size },
      deviceScaleFactor: 1,
    });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{width:100%;height:100%;display:block}</style>
      <div style="width:${icon.size}px;height:${icon.size}px">${icon.html}</div>`,
    );
    await page.screenshot({ path: join(root, 'public', icon.file), omitBackground: true });
    await page.close();
  }
} finally {
  await browser.close();
}
