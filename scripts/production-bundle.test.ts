import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * What ships: the production bundle `npm start` serves (scripts/ensure-build.mjs), read as
 * files. The page's handles for tests reach the map and the query cache from the console; they
 * belong to the dev server and to the build the end-to-end tests get, not to production.
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const assets = join(root, 'dist', 'client', 'assets');

beforeAll(() => {
  // `npm test` has built it already; run alone, this builds it if missing or stale.
  const build = spawnSync(process.execPath, ['scripts/ensure-build.mjs'], {
    cwd: root,
    encoding: 'utf8',
  });
  expect(build.status, build.stderr).toBe(0);
}, 600_000);

describe('the production bundle', () => {
  it('sets no handle for tests on window', () => {
    const scripts = readdirSync(assets).filter((file) => /\.m?js$/.test(file));
    expect(scripts.length).toBeGreaterThan(0);
    const withHandles = scripts.filter((file) =>
      /__skydeck(Map|Queries)\b/.test(readFileSync(join(assets, file), 'utf8')),
    );
    expect(withHandles).toEqual([]);
  });

  it('runs on React DOM, not Preact', () => {
    const text = readdirSync(assets)
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(join(assets, file), 'utf8'))
      .join('\n');
    // React DOM's own error decoder link, kept in every production build of it.
    expect(text).toContain('react.dev/errors/');
    expect(text).not.toMatch(/preact/i);
  });
});
