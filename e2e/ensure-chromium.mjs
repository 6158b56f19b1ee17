// Makes sure a Chromium is there before the browser tests: finds one, or installs Debian's
// package when running as root with apt-get, or says exactly what to install.
import { spawnSync } from 'node:child_process';
import { findChromium } from './chromium.mjs';

const found = findChromium();
if (found) {
  console.error(`e2e: using Chromium at ${found}`);
  process.exit(0);
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
if (isRoot && hasApt) {
  console.error("e2e: no Chromium found; installing Debian's chromium package");
  const run = (args) =>
    spawnSync('apt-get', args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  if (
    run(['update']).status === 0 &&
    run(['install', '-y', '--no-install-recommends', 'chromium', 'fonts-dejavu-core']).status === 0
  ) {
    const installed = findChromium();
    if (installed) {
      console.error(`e2e: installed Chromium at ${installed}`);
      process.exit(0);
    }
  }
}

console.error(
  [
    'e2e: no Chromium browser was found for the end-to-end tests.',
    'Install one of these, then run `npm test` again:',
    '  - Debian/Ubuntu: sudo apt-get install chromium   (gives /usr/bin/chromium)',
    '  - or set CHROMIUM_PATH=/path/to/chrome-or-chromium',
    '  - or, where downloads are allowed: npx playwright install chromium',
  ].join('\n'),
);
process.exit(1);
