import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, findChromium } from './chromium.mjs';
import { testBuild } from './start-server';

const port = Number(process.env.E2E_PORT ?? 8180);
const baseURL = `http://127.0.0.1:${port}`;
/** A second BFF whose demo runs on the Standard plan (no history). */
export const standardPlanURL = `http://127.0.0.1:${port + 1}`;
/** A third with a detailed basemap from a PMTiles archive the test server builds. */
export const pmtilesURL = `http://127.0.0.1:${port + 2}`;
/** A pinned "now" so the simulated world, and so every assertion, is the same on every run. */
export const simulatorNow = '2026-07-15T18:20:00Z';
/** The watch's operator: SKYDECK_ADMIN_PASSWORD creates `admin` with it when the BFF starts. */
export const adminPassword = 'e2e-watch-operator';

/**
 * Every run starts from empty data folders (the quota ledger, the watch's sites and events): one
 * made by the runner, which loads this file first; its workers inherit the variable and so name
 * the same folder rather than making their own.
 */
const runData = (process.env.SKYDECK_E2E_DATA ??= mkdtempSync(join(tmpdir(), 'skydeck-e2e-')));

export default defineConfig({
  testDir: '.',
  outputDir: '../test-results/e2e',
  fullyParallel: false,
  workers: 1,
  // A flaky test is a failure to fix, never one to retry until it passes.
  retries: 0,
  // Bounds for a hang, not for speed: the browser renders the map in software, and a shared CI
  // machine may give it a fraction of a core (with both cores busy, watch.spec's longest test
  // took 10 s).
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: '../playwright-report' }]],
  projects: [
    // The specs share three servers; their teardown checks none left a site behind.
    { name: 'e2e', testMatch: /\.spec\.ts$/, teardown: 'shared-board' },
    { name: 'shared-board', testMatch: /shared-board\.teardown\.ts$/ },
  ],
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: findChromium(), args: chromiumArgs },
  },
  webServer: [
    // The SPA's test build served by the compiled BFF (both built by `npm run test:e2e`'s
    // ensure-build step), in demo mode, on loopback only.
    bff('node dist/server/main.js', port, 'business', join(runData, 'business')),
    // The same on the Standard plan, which has no history: for the plan message.
    bff('node dist/server/main.js', port + 1, 'standard', join(runData, 'standard')),
    // The same with a detailed basemap from a PMTiles archive the script builds first.
    bff('node --import tsx e2e/pmtiles-server.ts', port + 2, 'business', join(runData, 'pmtiles')),
  ],
});

function bff(command: string, listenPort: number, plan: string, dataDir: string) {
  return {
    command,
    cwd: '..',
    url: `http://127.0.0.1:${listenPort}/api/health`,
    reuseExistingServer: false,
    // Three servers start at once, one of them compiled by tsx as it starts.
    timeout: 120_000,
    env: serverEnv(listenPort, plan, dataDir),
  };
}

function serverEnv(listenPort: number, plan: string, dataDir: string): Record<string, string> {
  return {
    PORT: String(listenPort),
    HOST: '127.0.0.1',
    SIMULATOR_NOW: simulatorNow,
    // The build with the page's handles for tests (window.__skydeckMap), which production lacks.
    STATIC_DIR: testBuild,
    DEMO_PLAN: plan,
    // A ledger and a watch database of the tests' own, empty at the start of each run.
    DATA_DIR: dataDir,
    SKYDECK_ADMIN_PASSWORD: adminPassword,
    // Every test's page comes from 127.0.0.1, and the kiosk tests run a simulated day in a
    // real minute: one client's budget of 600 a minute would refuse requests made on the
    // simulated cadence (a CI run counted 9 refreshes of current conditions in an hour that has
    // 6, retries of 429s). The limiter stays on the path; its own tests are in Vitest.
    CLIENT_RATE_LIMIT: '1000000',
    // The alarm channels' tests send webhooks to a receiver of their own on loopback.
    WEBHOOK_ALLOW_PRIVATE: '1',
    // Tests never call the real provider, whatever the developer's shell has set.
    WEATHERBIT_API_KEY: '',
    WEATHERBIT_API_KEY_FILE: '',
  };
}
