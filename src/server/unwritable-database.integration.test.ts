import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  mkdtempSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { readySchema } from '../shared/api/health';
import { minimumRequestMaxAge } from './cache/response-cache';
import { unwritableWords } from './db/storage-errors';
import { closeAll, startBff } from './testing/loopback';
import { until } from './testing/until';
import { admin, signIn, writeHeaders } from './testing/operator';
import { freePort, logLines, repositoryRoot, type Running } from './testing/processes';
import { createPostgresDatabase } from './testing/test-database';

/**
 * A database that answers but cannot be written (issue 26, item 5): DATA_DIR's disk full, or
 * DATA_DIR read-only. Readiness must say so (503 naming the cause), writes must answer 503
 * "database full or read-only" with the engine's own error in the log (never "cannot rollback -
 * no transaction is active"), cached weather must still be served, and a DATA_DIR that cannot
 * hold the database must stop the server at start with one sentence and exit code 1.
 *
 * A full disk is a real one where this process may mount a tmpfs (root, or CAP_SYS_ADMIN): the
 * server runs as its own process with DATA_DIR on a tiny tmpfs that the test fills. Everywhere,
 * SQLite's `PRAGMA max_page_count` makes the database "full" for an in-process server, and on
 * PostgreSQL triggers raise the server's own disk_full and read_only_sql_transaction errors.
 */

const mounts: string[] = [];

/** Root writes anywhere: as root, that server runs as nobody (as test-postgres.ts does). */
const nobody = process.getuid?.() === 0 ? passwdEntry('nobody') : undefined;
const cannotRunAsNobody = (() => {
  if (!nobody) return undefined;
  const tsx = join(repositoryRoot, 'node_modules', 'tsx', 'package.json');
  const probe = spawnSync(
    process.execPath,
    ['-e', `require('fs').accessSync(${JSON.stringify(tsx)})`],
    { ...nobody, cwd: tmpdir(), stdio: 'ignore' },
  );
  return probe.status === 0 ? undefined : 'the checkout is closed to nobody';
})();
if (cannotRunAsNobody) console.warn(`skipping the permission test: ${cannotRunAsNobody}`);

function passwdEntry(name: string): { uid: number; gid: number } {
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith(`${name}:`));
  const [, , uid, gid] = line?.split(':') ?? [];
  return { uid: Number(uid ?? 65534), gid: Number(gid ?? 65534) };
}

/** Why a tmpfs cannot be mounted here, or undefined when it can. */
const cannotMount = (() => {
  const probe = mkdtempSync(join(tmpdir(), 'skydeck-mount-probe-'));
  const mounted = spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], {
    encoding: 'utf8',
  });
  if (mounted.status === 0) spawnSync('umount', [probe]);
  rmSync(probe, { recursive: true, force: true });
  if (mounted.status === 0) return undefined;
  return `mounting a tmpfs needs root or CAP_SYS_ADMIN (${(mounted.stderr || String(mounted.error)).trim()})`;
})();
if (cannotMount)
  console.warn(`skipping the real full and read-only file system tests: ${cannotMount}`);

/** A tmpfs of `size` (as mount takes it: 4m) on a new directory, unmounted after the file. */
function tmpfs(size: string, readOnly = false): string {
  const dir = mkdtempSync(join(tmpdir(), 'skydeck-tmpfs-'));
  const options = `size=${size},mode=0777${readOnly ? ',ro' : ''}`;
  const result = spawnSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', dir], {
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`mount failed: ${result.stderr}`);
  mounts.push(dir);
  return dir;
}

function remount(dir: string, mode: 'ro' | 'rw') {
  const result = spawnSync('mount', ['-o', `remount,${mode}`, dir], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`remount failed: ${result.stderr}`);
}

/** Writes zeros into `dir` until its file system has no byte left; returns the file. */
function fill(dir: string): string {
  const path = join(dir, 'filler');
  const fd = openSync(path, 'w');
  try {
    for (const size of [1 << 16, 1 << 12, 512, 1])
      for (;;)
        try {
          writeSync(fd, Buffer.alloc(size));
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOSPC') break;
          throw error;
        }
  } finally {
    closeSync(fd);
  }
  return path;
}

afterEach(async () => {
  await Promise.all(
    servers.splice(0).map(async ({ child, exited }) => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    }),
  );
  await closeAll();
});
afterAll(() => {
  // The servers on them are gone (afterEach): nothing holds them busy.
  for (const dir of mounts.splice(0)) {
    spawnSync('umount', [dir]);
    rmSync(dir, { recursive: true, force: true });
  }
});

const servers: Running[] = [];

/**
 * `npm start`'s server as its own process (from source), DATA_DIR as given, on the real clock
 * (cached answers must age), as `runAs` if given.
 */
function startServer(dataDir: string, port: number, runAs?: { uid: number; gid: number }) {
  const inherited = { ...process.env };
  delete inherited.SIMULATOR_NOW;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: repositoryRoot,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: join(tmpdir(), 'skydeck-no-build'),
      WEATHERBIT_API_KEY: '',
      WEATHERBIT_API_KEY_FILE: '',
      SKYDECK_ADMIN_PASSWORD: admin.password,
      CLIENT_RATE_LIMIT: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    ...runAs,
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  );
  const server: Running = { child, stdout: () => stdout, stderr: () => stderr, exited };
  servers.push(server);
  return server;
}

async function readiness(url: string) {
  const response = await fetch(`${url}/api/ready`);
  return { status: response.status, body: readySchema.parse(await response.json()) };
}

const weatherPath = '/api/current?lat=35.78&lon=-78.64&units=I';

async function weather(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${url}${weatherPath}`, { headers });
  await response.arrayBuffer();
  return { status: response.status, cache: response.headers.get('x-cache') };
}

/**
 * Once the cached answer is older than the least max-age a client may ask for, asks for a
 * fresher one: its spend cannot be put on record, so the last good answer comes, as STALE.
 */
async function untilStale(url: string) {
  const headers = { 'Cache-Control': `max-age=${minimumRequestMaxAge}` };
  let last: Awaited<ReturnType<typeof weather>> | undefined;
  await until(
    async () => (last = await weather(url, headers)).cache !== 'HIT',
    'the cached answer is older than the least max-age',
    120_000,
  );
  expect(last).toEqual({ status: 200, cache: 'STALE' });
}

async function createSite(url: string, cookie: string, notes = '') {
  const response = await fetch(`${url}/api/sites`, {
    method: 'POST',
    headers: { ...writeHeaders, Cookie: cookie },
    body: JSON.stringify({ name: 'Pad 39A', lat: 28.6, lon: -80.6, notes }),
  });
  return { status: response.status, body: (await response.json()) as { error?: string } };
}

/** The process's exit code and what it printed, for a server that must not start. */
async function refusedStart(server: Running) {
  const { code } = await server.exited;
  const lines = server.stderr().trim().split('\n');
  return { code, lines, stdout: server.stdout() };
}

describe.skipIf(cannotMount !== undefined)('DATA_DIR on a real, full file system', () => {
  it('answers 503 to readiness and writes, names SQLITE_FULL, serves cached weather, and recovers', async () => {
    // Room for SQLite's write-ahead log as it grows to its checkpoint (about 4 MB) once freed.
    const dataDir = tmpfs('16m');
    const port = await freePort();
    const server = startServer(dataDir, port);
    const url = `http://127.0.0.1:${port}`;
    await until(
      async () => (await readiness(url).catch(() => undefined))?.status === 200,
      'the server is ready',
      120_000,
    );
    const cookie = await signIn({ url });
    expect(await weather(url)).toEqual({ status: 200, cache: 'MISS' });

    const filler = fill(dataDir);

    const ready = await readiness(url);
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ status: 'not_ready', database: 'error' });
    expect(ready.body.database_error).toContain(`${unwritableWords} (SQLITE_FULL`);
    const refused = await createSite(url, cookie);
    expect(refused.status).toBe(503);
    expect(refused.body.error).toContain(unwritableWords);
    // Cached weather is served; a fresh answer that cannot put its spend on record falls back
    // to the last good one rather than failing.
    expect(await weather(url)).toEqual({ status: 200, cache: 'HIT' });
    await untilStale(url);

    // Each refusal was logged with SQLite's own code (lines reach stdout a moment later).
    const logged = (event: string) => () =>
      logLines(server.stdout()).some((line) => line.event === event && line.code === 'SQLITE_FULL');
    await until(logged('database-unwritable'), 'the refused write is logged', 60_000);
    await until(logged('quota-ledger'), 'the refused quota spend is logged', 60_000);
    expect(server.stdout()).not.toContain('cannot rollback');
    expect(logLines(server.stdout()).filter((line) => line.event === 'unhandled')).toEqual([]);

    rmSync(filler);
    expect((await createSite(url, cookie)).status).toBe(201);
    // Readiness holds its 503 for a few seconds after the last refused write, then clears.
    await until(async () => (await readiness(url)).status === 200, 'ready again', 120_000);
    expect(server.child.exitCode).toBeNull();
  }, 240_000);
});

describe('SQLite at its max_page_count', () => {
  it('answers 503 naming "database full or read-only" and SQLITE_FULL, not "cannot rollback"', async () => {
    const bff = await startBff('http://127.0.0.1:9/unused', {
      WEATHERBIT_API_KEY: '',
      SKYDECK_ADMIN_PASSWORD: admin.password,
    });
    await bff.watch.ready;
    const cookie = await signIn(bff);
    expect(await weather(bff.url)).toEqual({ status: 200, cache: 'MISS' });
    const { db } = bff.watch.database;
    const { rows } = await sql<{ page_count: number }>`PRAGMA page_count`.execute(db);
    // The file may not grow by a page: a site's notes fill the pages that have room, then fail.
    await sql`PRAGMA max_page_count = ${sql.raw(String(rows[0]?.page_count))}`.execute(db);
    let refused: Awaited<ReturnType<typeof createSite>> | undefined;
    for (let attempt = 0; attempt < 200 && !refused; attempt++) {
      const answer = await createSite(bff.url, cookie, 'n'.repeat(2000));
      if (answer.status !== 201) refused = answer;
    }
    expect(refused?.status).toBe(503);
    expect(refused?.body.error).toContain(`${unwritableWords} (SQLITE_FULL`);
    const logs = bff.logs.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(logs).toContainEqual(
      expect.objectContaining({ event: 'database-unwritable', code: 'SQLITE_FULL' }),
    );
    expect(bff.logs.join('\n')).not.toContain('cannot rollback');

    // Its own heartbeat may still fit in a page; the refused write keeps it not ready a while.
    const ready = await readiness(bff.url);
    expect(ready.status).toBe(503);
    expect(ready.body.database_error).toContain('SQLITE_FULL');
    expect(await weather(bff.url)).toEqual({ status: 200, cache: 'HIT' });

    await sql`PRAGMA max_page_count = 1073741823`.execute(db);
    expect((await createSite(bff.url, cookie)).status).toBe(201);
    bff.advance(60);
    expect(await readiness(bff.url)).toMatchObject({ status: 200, body: { database: 'ok' } });
  }, 60_000);
});

describe('PostgreSQL refusing writes', () => {
  it('answers 503 naming disk_full or read_only_sql_transaction, and serves cached weather', async () => {
    const databaseUrl = await createPostgresDatabase();
    const bff = await startBff('http://127.0.0.1:9/unused', {
      WEATHERBIT_API_KEY: '',
      DATABASE_URL: databaseUrl,
      SKYDECK_ADMIN_PASSWORD: admin.password,
    });
    await bff.watch.ready;
    const cookie = await signIn(bff);
    expect((await readiness(bff.url)).status).toBe(200);
    expect(await weather(bff.url)).toEqual({ status: 200, cache: 'MISS' });

    // PostgreSQL's own errors, raised where a full disk or a read-only server would raise them.
    const owner = new pg.Client({ connectionString: databaseUrl });
    await owner.connect();
    try {
      await owner.query(`CREATE FUNCTION refuse() RETURNS trigger AS $$
        BEGIN RAISE EXCEPTION USING ERRCODE = TG_ARGV[0], MESSAGE = TG_ARGV[1]; END
        $$ LANGUAGE plpgsql`);
      const disk = `'53100', 'could not extend file "base/1/2": No space left on device'`;
      await owner.query(`CREATE TRIGGER refuse BEFORE INSERT OR UPDATE ON heartbeats
        FOR EACH ROW EXECUTE FUNCTION refuse(${disk})`);
      await owner.query(`CREATE TRIGGER refuse BEFORE INSERT OR UPDATE ON quota_days
        FOR EACH ROW EXECUTE FUNCTION refuse(${disk})`);
      await owner.query(`CREATE TRIGGER refuse BEFORE INSERT ON sites FOR EACH ROW
        EXECUTE FUNCTION refuse('25006', 'cannot execute INSERT in a read-only transaction')`);

      const ready = await readiness(bff.url);
      expect(ready.status).toBe(503);
      expect(ready.body.database_error).toContain(
        `${unwritableWords} (PostgreSQL 53100 disk_full: could not extend file`,
      );
      const refused = await createSite(bff.url, cookie);
      expect(refused.status).toBe(503);
      expect(refused.body.error).toContain(
        `${unwritableWords} (PostgreSQL 25006 read_only_sql_transaction`,
      );
      expect(await weather(bff.url)).toEqual({ status: 200, cache: 'HIT' });
      await untilStale(bff.url);
      const logs = bff.logs.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(logs).toContainEqual(
        expect.objectContaining({
          event: 'database-unwritable',
          code: 'PostgreSQL 25006 read_only_sql_transaction',
        }),
      );

      for (const table of ['heartbeats', 'quota_days', 'sites'])
        await owner.query(`DROP TRIGGER refuse ON ${table}`);
      bff.advance(60);
      expect((await readiness(bff.url)).status).toBe(200);
      expect((await createSite(bff.url, cookie)).status).toBe(201);
    } finally {
      await owner.end();
    }
  }, 60_000);
});

describe('a DATA_DIR that cannot hold the database', () => {
  async function expectRefused(
    dataDir: string,
    reason: string,
    runAs?: { uid: number; gid: number },
    remedy = 'make it a writable directory for this user',
  ) {
    const server = startServer(dataDir, await freePort(), runAs);
    const { code, lines, stdout } = await refusedStart(server);
    expect(code).toBe(1);
    // One sentence: where, why, and what to do; no stack trace.
    expect(lines).toHaveLength(1);
    const sentence = `skydeck: cannot open the database in DATA_DIR ${dataDir}: ${reason}; ${remedy}`;
    expect(lines[0]?.startsWith(sentence), lines[0]).toBe(true);
    expect(lines[0]).toMatch(/, then start again\.$/);
    expect(stdout).not.toContain('"listening"');
  }

  it('holds a skydeck.sqlite that is not a database', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'skydeck-not-sqlite-'));
    writeFileSync(join(dataDir, 'skydeck.sqlite'), 'not a database '.repeat(64));
    await expectRefused(
      dataDir,
      'skydeck.sqlite there is not a SQLite database',
      undefined,
      'move it aside',
    );
  }, 120_000);

  it('is not a directory', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'skydeck-not-dir-')), 'data');
    writeFileSync(file, '');
    await expectRefused(file, 'it is not a directory');
    await expectRefused(join(file, 'below'), 'it is not a directory');
  }, 120_000);

  it.skipIf(cannotRunAsNobody !== undefined)(
    "is not this user's to write",
    async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'skydeck-not-mine-'));
      chmodSync(dataDir, 0o555);
      await expectRefused(dataDir, 'permission denied', nobody);
    },
    120_000,
  );

  it.skipIf(cannotMount !== undefined)(
    'is on a read-only file system, empty or not',
    async () => {
      await expectRefused(tmpfs('1m', true), 'its file system is read-only');
      // A database made there before the file system went read-only.
      const dataDir = tmpfs('4m');
      const port = await freePort();
      const first = startServer(dataDir, port);
      await until(
        async () =>
          (await readiness(`http://127.0.0.1:${port}`).catch(() => undefined))?.status === 200,
        'the first server is ready',
        120_000,
      );
      first.child.kill('SIGTERM');
      await first.exited;
      remount(dataDir, 'ro');
      await expectRefused(dataDir, 'its file system is read-only');
      expect(readFileSync(join(dataDir, 'skydeck.sqlite')).length).toBeGreaterThan(0);
    },
    240_000,
  );
});
