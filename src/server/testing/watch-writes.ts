import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { createApp } from '../app';
import { loadConfig } from '../config';
import { createLogger } from '../log';
import { policyPresets, sitePolicySchema } from '../../shared/safety/site-policy';

/**
 * The watch of a demo BFF driven round by round on a simulated clock, and the rows its database
 * takes meanwhile: what the monitor, the ledger and everything else the rounds touch write.
 *
 * Rows are counted by the database itself. SQLite: `total_changes()` on the BFF's one connection
 * (every row inserted, updated or deleted through it). PostgreSQL: `n_tup_ins + n_tup_upd +
 * n_tup_del` over every table in `pg_stat_user_tables`, read after the BFF has closed: a backend
 * hands its counts over when it exits (while open it may hold them back up to ten seconds), so
 * the counts are read once its connections are gone, which this waits for.
 */

export const monitorRoundMs = 5_000;
/** A calm hour in the demo world: none of the demo sites has weather near it. */
export const quietHour = Date.parse('2026-07-15T06:00:00Z');

interface DemoWatchOptions {
  /** A PostgreSQL database's URL; SQLite in `dataDir` without. */
  databaseUrl?: string;
  dataDir: string;
  /** The simulated clock, moved on by `run`. */
  clock: { ms: number };
  logs?: string[];
  /** The simulated provider's plan: its daily calls and calls a second (DEMO_PLAN). */
  plan?: string;
}

function openDemoWatch({ databaseUrl, dataDir, clock, logs, plan }: DemoWatchOptions) {
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      STATIC_DIR: join(tmpdir(), 'skydeck-no-build'),
      WEATHERBIT_API_KEY: '',
      DEMO_PLAN: plan ?? 'business',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    }),
    now: () => Math.floor(clock.ms / 1000),
  };
  const demo = createApp({
    config,
    clock: () => clock.ms,
    logger: createLogger([], (line) => logs?.push(line)),
  });
  return {
    demo,
    async ready(): Promise<void> {
      await demo.watch.ready;
      await demo.watch.monitor.ready();
    },
    /** The monitor's rounds for `minutes` of the simulated clock, each timed (wall ms). */
    async run(minutes: number): Promise<number[]> {
      const times: number[] = [];
      const end = clock.ms + minutes * 60_000;
      for (; clock.ms < end; clock.ms += monitorRoundMs) {
        const began = performance.now();
        await demo.watch.monitor.tick();
        times.push(performance.now() - began);
      }
      return times;
    },
    /** Rows changed through this BFF's SQLite connection so far. */
    async sqliteChanges(): Promise<number> {
      const { rows } = await sql<{ n: number }>`SELECT total_changes() AS n`.execute(
        demo.watch.database.db,
      );
      return Number(rows[0]?.n ?? 0);
    },
    close: () => demo.close(),
  };
}

/** `count` sites spread over the demo world, each on its own point, with the general preset. */
export async function addSites(
  watch: ReturnType<typeof openDemoWatch>,
  count: number,
  now: number,
): Promise<void> {
  const policy = JSON.stringify(sitePolicySchema.parse(policyPresets.general));
  const { store } = watch.demo.watch;
  for (let index = 0; index < count; index++) {
    // A grid over the inhabited latitudes, some 1.5° apart: distinct points, distinct requests.
    const lat = -45 + ((index * 7) % 60) * 1.5;
    const lon = -179 + Math.floor((index * 7) / 60) * 3 + (index % 7) * 0.4;
    await store.createSite(
      { name: `Bench site ${index + 1}`, lat, lon: ((lon + 540) % 360) - 180, notes: '', policy },
      'bench',
      now,
    );
  }
  await watch.demo.watch.monitor.reload();
}

/** Rows inserted, updated and deleted in the database at `url`, every table, as counted so far. */
async function postgresRowsWritten(url: string, deadlineMs = 60_000): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const giveUp = performance.now() + deadlineMs;
    // Others' connections to this database gone: their counts are all in.
    for (;;) {
      const { rows } = await client.query<{ n: string }>(
        'SELECT count(*) AS n FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      );
      if (Number(rows[0]?.n) === 0) break;
      if (performance.now() > giveUp) throw new Error('connections to the database stay open');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await client.query('SELECT pg_stat_clear_snapshot()');
    const { rows } = await client.query<{ n: string }>(
      'SELECT COALESCE(SUM(n_tup_ins + n_tup_upd + n_tup_del), 0) AS n FROM pg_stat_user_tables',
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/**
 * Rows the database takes a minute while the watch runs: a warm-up run (start, seeding, the first
 * answers) on one BFF, then `minutes` more on another opened on the same database, counted from
 * its opening to its close (its restart's first round included). `prepare` adds sites before.
 */
export async function rowsPerMinute(options: {
  databaseUrl?: string;
  start: number;
  warmupMinutes: number;
  minutes: number;
  prepare?: (watch: ReturnType<typeof openDemoWatch>, now: number) => Promise<void>;
  logs?: string[];
  plan?: string;
}): Promise<{
  rowsPerMinute: number;
  levels: string[];
  /** Each measured round's wall time (ms), the restart's first round first. */
  roundMs: number[];
  /** CPU this process used over the measured rounds (ms, user + system). */
  cpuMs: number;
}> {
  const { databaseUrl, logs, plan } = options;
  const dataDir = mkdtempSync(join(tmpdir(), 'skydeck-watch-writes-'));
  const clock = { ms: options.start };
  const first = openDemoWatch({ databaseUrl, dataDir, clock, logs, plan });
  await first.ready();
  await options.prepare?.(first, clock.ms);
  await first.run(options.warmupMinutes);
  await first.close();
  const before = databaseUrl ? await postgresRowsWritten(databaseUrl) : 0;
  const second = openDemoWatch({ databaseUrl, dataDir, clock, logs, plan });
  await second.ready();
  const sqliteBefore = databaseUrl ? 0 : await second.sqliteChanges();
  const cpuBefore = process.cpuUsage();
  const roundMs = await second.run(options.minutes);
  const cpu = process.cpuUsage(cpuBefore);
  const levels = second.demo.watch.monitor.list().map((runtime) => runtime.status.level);
  const sqliteRows = databaseUrl ? 0 : (await second.sqliteChanges()) - sqliteBefore;
  await second.close();
  const rows = databaseUrl ? (await postgresRowsWritten(databaseUrl)) - before : sqliteRows;
  return {
    rowsPerMinute: rows / options.minutes,
    levels,
    roundMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
  };
}
