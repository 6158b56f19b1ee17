import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, findChromium } from './chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 8180);
const baseURL = `http://127.0.0.1:${port}`;
/** A pinned "now" so the simulated world, and so every assertion, is the same on every run. */
export const simulatorNow = '2026-07-15T18:20:00Z';

export default defineConfig({
  testDir: '.',
  outputDir: '../test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: '../playwright-report' }]],
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    viewport: { width: 1440, height: 900 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: { executablePath: findChromium(), args: chromiumArgs },
  },
  webServer: {
    // The production build served by the BFF, in demo mode, on loopback only.
    command: 'node --import tsx src/server/main.ts',
    cwd: '..',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      SIMULATOR_NOW: simulatorNow,
      STATIC_DIR: 'dist/client',
      // A ledger of the tests' own, started empty each run by the BFF's first write.
      DATA_DIR: 'test-results/e2e-data',
      // Tests never call the real provider, whatever the developer's shell has set.
      WEATHERBIT_API_KEY: '',
      WEATHERBIT_API_KEY_FILE: '',
    },
  },
});
