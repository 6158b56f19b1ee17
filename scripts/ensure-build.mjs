// Builds the SPA when dist/client is missing or older than its sources, and the server bundle
// when dist/server is; otherwise does nothing. With --test-hooks, the SPA goes to
// dist/client-test instead, with the page's handles for end-to-end tests and benchmarks
// (window.__skydeckMap and window.__skydeckQueries, see vite.config.ts), which production lacks.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildInputsHash } from './build-inputs.mjs';
import { ensureServerBuild } from './build-server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const testHooks = process.argv.includes('--test-hooks');
const outDir = join(root, 'dist', testHooks ? 'client-test' : 'client');
const stampPath = join(outDir, '.build-inputs');
const wanted = buildInputsHash(root);
const current = existsSync(stampPath) ? readFileSync(stampPath, 'utf8').trim() : '';

const what = testHooks ? 'the dashboard build for tests' : 'the dashboard build';
if (current === wanted && existsSync(join(outDir, 'index.html'))) {
  console.error(`skydeck: ${what} is up to date`);
} else {
  console.error(
    current ? `skydeck: sources changed, rebuilding ${what}` : `skydeck: building ${what}`,
  );
  const result = spawnSync(
    process.execPath,
    [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'],
    {
      cwd: root,
      stdio: 'inherit',
      // A production build whoever asks: Vitest (a test that starts the real server) runs with
      // NODE_ENV=test, under which Vite compiles JSX for development (source paths and line
      // numbers in every element: 3 kB gzip more on the first screen) and the stamp below
      // would pass that build off as the production one to `npm start`, e2e and `npm run size`.
      // SKYDECK_TEST_HOOKS is this script's to set: a shell's value never reaches dist/client.
      env: { ...process.env, NODE_ENV: 'production', SKYDECK_TEST_HOOKS: testHooks ? '1' : '' },
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stampPath, `${wanted}\n`);
}

await ensureServerBuild();
