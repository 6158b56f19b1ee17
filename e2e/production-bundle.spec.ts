import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

/**
 * What ships: the production bundle `npm start` serves (scripts/ensure-build.mjs), read as
 * files. The page's handles for tests reach the map and the query cache from the console; they
 * belong to the dev server and to the build the other end-to-end tests get, not to production.
 * Here rather than in Vitest's unit run, which builds nothing.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const assets = join(root, 'dist', 'client', 'assets');

test.beforeAll(() => {
  // `npm run test:e2e` has built it already; run alone, this builds it if missing or stale.
  test.setTimeout(600_000);
  const build = spawnSync(process.execPath, ['scripts/ensure-build.mjs'], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(build.status, build.stderr).toBe(0);
});

const scripts = () => readdirSync(assets).filter((file) => /\.m?js$/.test(file));
const text = (file: string) => readFileSync(join(assets, file), 'utf8');

test.describe('the production bundle', () => {
  test('sets no handle for tests on window', () => {
    expect(scripts().length).toBeGreaterThan(0);
    expect(scripts().filter((file) => /__skydeck(Map|Queries)\b/.test(text(file)))).toEqual([]);
  });

  test('runs on React DOM, not Preact', () => {
    const all = scripts().map(text).join('\n');
    // React DOM's own error decoder link, kept in every production build of it.
    expect(all).toContain('react.dev/errors/');
    expect(all).not.toMatch(/preact/i);
  });

  test('knows nothing of the provider: the browser talks to the BFF only', () => {
    expect(
      scripts().filter((file) => /WEATHERBIT_API_KEY|api\.weatherbit\.io/.test(text(file))),
    ).toEqual([]);
  });
});
