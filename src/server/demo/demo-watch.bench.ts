import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bench, describe } from 'vitest';
import { createApp } from '../app';
import { loadConfig } from '../config';
import { createLogger } from '../log';
import { preloadDemoGeography } from './embedded-simulator';

/**
 * What the watch costs a running demo: the seeded sites, watched through the BFF's own pipeline
 * into the embedded simulator, with the SQLite database the demo keeps. A real demo runs the
 * monitor every 5 s and the alarm sweep every 15 s on timers; here the same rounds run back to
 * back on a simulated clock moved on between them, so ten minutes of the demo take a few seconds.
 * The CPU this process uses over those rounds (`process.cpuUsage()`, user + system: the BFF,
 * the simulator, SQLite, the garbage collector), divided by the ten minutes they stand for, is
 * the share of one core the demo's watch keeps busy. The first ten minutes are a warm-up (the
 * JIT, the first current conditions) and are not counted. The hour is fixed and stormy: a storm
 * stands within reach of the Pocahontas depot, so the figure is for a busy minute, not a calm one.
 */
const aimPercent = 5;
const monitorRoundMs = 5_000;
const alarmSweepMs = 15_000;
const start = Date.parse('2026-07-13T22:50:00Z');

let worldMs = start;
let errors = 0;
const config = {
  ...loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'skydeck-watch-bench-')),
    STATIC_DIR: join(tmpdir(), 'skydeck-no-build'),
    WEATHERBIT_API_KEY: '',
    DEMO_PLAN: 'business',
  }),
  now: () => Math.floor(worldMs / 1000),
};
const demo = createApp({
  config,
  logger: createLogger([], (line) => {
    // A round that failed is counted and said: the figure is only for rounds that did their work.
    if (line.includes('"level":"error"')) errors++;
  }),
});
await preloadDemoGeography();
await demo.watch.ready;
await demo.watch.monitor.ready();
const siteCount = demo.watch.monitor.list().length;

/** Runs the monitor's and the alarm sweep's rounds for `minutes` of the simulated clock. */
async function runFor(minutes: number): Promise<void> {
  const end = worldMs + minutes * 60_000;
  for (; worldMs < end; worldMs += monitorRoundMs) {
    await demo.watch.monitor.tick();
    if ((worldMs - start) % alarmSweepMs === 0) await demo.watch.alarms.sweep();
  }
}

/** Provider units the BFF's ledger has counted: shows the rounds did ask the simulator. */
async function spent(): Promise<number> {
  const response = await demo.app.request('/api/quota');
  return ((await response.json()) as { spent: number }).spent;
}

describe('demo watch', () => {
  bench(
    `watch over ${siteCount} demo sites, 10 simulated minutes (wall time of the rounds)`,
    async () => {
      await runFor(10);
      const unitsBefore = await spent();
      const before = process.cpuUsage();
      const wallBefore = performance.now();
      await runFor(10);
      const used = process.cpuUsage(before);
      const wallMs = performance.now() - wallBefore;
      const units = (await spent()) - unitsBefore;
      const levels = demo.watch.monitor.list().map((runtime) => runtime.status.level);
      const cpuMs = (used.user + used.system) / 1000;
      const percent = (cpuMs / (10 * 60_000)) * 100;
      const over = percent < aimPercent ? '' : ' (over the aim)';
      console.log(
        `watch over the ${siteCount} demo sites: ${percent.toFixed(2)}% of one core over 10 minutes (aim < ${aimPercent}%)${over}; ${cpuMs.toFixed(0)} ms of CPU (user ${(used.user / 1000).toFixed(0)}, system ${(used.system / 1000).toFixed(0)}) in ${wallMs.toFixed(0)} ms of rounds, ${units} provider units spent, sites ${levels.join(', ')}, ${errors} errors logged`,
      );
      await demo.close();
    },
    { iterations: 1, time: 0, warmupIterations: 0, warmupTime: 0 },
  );
});
