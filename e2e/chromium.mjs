// Where the end-to-end tests find a browser: CHROMIUM_PATH, then Debian's chromium, then
// Playwright's own download if one happens to be installed.
import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) {
    if (!existsSync(fromEnv))
      throw new Error(`CHROMIUM_PATH points at ${fromEnv}, which does not exist`);
    return fromEnv;
  }
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  try {
    const bundled = chromium.executablePath();
    if (bundled && existsSync(bundled)) return bundled;
  } catch {
    // Playwright throws when it has no browser of its own; that is the common case here.
  }
  return undefined;
}

/** Flags that let Chromium run headless in a container with no network beyond loopback. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];
