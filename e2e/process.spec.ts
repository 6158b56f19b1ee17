import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import {
  freePort,
  killAll,
  logLines as logEvents,
  repositoryRoot as root,
  startProcess as start,
} from '../src/server/testing/processes';
import { until } from '../src/server/testing/until';

/**
 * The BFF as operators run it: `npm start` and the compiled server, as real processes on
 * loopback. Signals must reach the server itself (no orphan left answering), a signal lets a
 * request in flight finish, and a reader closing stdout must not take the server down. In the
 * end-to-end stage, not Vitest's unit run: they need the production build.
 */
const compiledServer = join(root, 'dist', 'server', 'main.js');

const seenPids = new Set<number>();

test.afterAll(async () => {
  await killAll();
  for (const pid of seenPids) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
});

test.beforeAll(async () => {
  // `npm run test:e2e` has built both already; run alone, this builds whatever is missing or stale.
  test.setTimeout(600_000);
  const build = start(process.execPath, ['scripts/ensure-build.mjs'], {});
  const { code } = await build.exited;
  expect(code, build.stderr()).toBe(0);
});

/** The environment of a demo-mode server of the test's own on `port`. */
function serverEnv(port: number): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'skydeck-process-')),
    SIMULATOR_NOW: '2026-07-15T18:20:00Z',
    WEATHERBIT_API_KEY: '',
    WEATHERBIT_API_KEY_FILE: '',
  };
}

/** Between polls of a server process: each try is a request or a read of its files. */
const pollMs = 50;

interface Answer {
  status: number;
  body: string;
}

/** One GET on a connection of its own (no keep-alive pool to blur what is in flight). */
function get(port: number, path: string, headers: Record<string, string> = {}) {
  let sent = () => {};
  const requestSent = new Promise<void>((done) => (sent = done));
  const answer = new Promise<Answer>((done, fail) => {
    const request = http.get(
      { host: '127.0.0.1', port, path, headers, agent: false, timeout: 30_000 },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => done({ status: response.statusCode ?? 0, body }));
        response.on('error', fail);
      },
    );
    request.on('finish', sent);
    request.on('timeout', () => request.destroy(new Error(`GET ${path} timed out`)));
    request.on('error', fail);
  });
  return { requestSent, answer };
}

const answers = (port: number, path: string) =>
  get(port, path).answer.then(
    (answer) => answer.status,
    () => 0,
  );

/** Linux: the processes below `pid`, from /proc. */
function descendants(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = procStat(Number(entry));
    if (!stat) continue;
    const children = parents.get(stat.ppid) ?? [];
    children.push(Number(entry));
    parents.set(stat.ppid, children);
  }
  const found: number[] = [];
  const visit = (parent: number) => {
    for (const child of parents.get(parent) ?? []) {
      found.push(child);
      visit(child);
    }
  };
  visit(pid);
  return found;
}

function procStat(pid: number): { state: string; ppid: number } | undefined {
  try {
    // The command name is in parentheses and may hold spaces: read after the last ')'.
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, ppid] = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { state: state ?? '', ppid: Number(ppid) };
  } catch {
    return undefined;
  }
}

/** Running, not merely a zombie awaiting its parent. */
const isAlive = (pid: number) => {
  const stat = procStat(pid);
  return stat !== undefined && stat.state !== 'Z' && stat.state !== 'X';
};

test.describe('npm start', () => {
  test('runs the server in a process that SIGTERM reaches: it drains, exits, and nothing answers after', async () => {
    test.setTimeout(300_000);
    const port = await freePort();
    const npm = start('npm', ['start'], serverEnv(port));
    await until(
      async () => (await answers(port, '/api/health')) === 200,
      '/api/health answers 200',
      180_000,
      pollMs,
    );

    const tree = descendants(npm.child.pid!);
    for (const pid of tree) seenPids.add(pid);
    const servers = tree.filter((pid) => {
      const [program, ...args] = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
      return /(^|\/)node$/.test(program ?? '') && args.includes('scripts/start.mjs');
    });
    expect(servers, `processes under npm: ${tree.join(', ')}`).toHaveLength(1);
    // Compiled JavaScript: no TypeScript loader in the server process.
    expect(readFileSync(`/proc/${servers[0]}/cmdline`, 'utf8')).not.toContain('tsx');

    npm.child.kill('SIGTERM');
    const { code } = await npm.exited;
    // The bug this guards against: npm gone, the server reparented and still answering.
    await until(() => !tree.some(isAlive), 'every process under npm has exited', 30_000, pollMs);
    expect(await answers(port, '/api/health')).toBe(0);
    expect(code).toBe(0);

    const events = logEvents(npm.stdout());
    expect(events.find((line) => line.event === 'shutdown')).toMatchObject({ signal: 'SIGTERM' });
    expect(events.map((line) => line.event)).toContain('shutdown_complete');
  });
});

test.describe('the compiled server', () => {
  test('finishes a request in flight when SIGTERM comes, then exits 0', async () => {
    test.setTimeout(180_000);
    const port = await freePort();
    const server = start(process.execPath, [compiledServer], {
      ...serverEnv(port),
      // The simulator's delay fault holds the request in the BFF for as long as it asks.
      SIMULATOR_FAULTS: '1',
    });
    await until(
      async () => (await answers(port, '/api/health')) === 200,
      '/api/health answers 200',
      120_000,
      pollMs,
    );

    const slow = get(port, '/api/current?lat=40.71&lon=-74.01', {
      'X-Simulator-Fault': 'delay=5000',
    });
    await slow.requestSent;
    // Answered after the slow request was sent on loopback, so the server has read it too; the
    // shutdown log line's count below confirms it.
    expect(await answers(port, '/api/health')).toBe(200);
    server.child.kill('SIGTERM');

    const answer = await slow.answer;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body)).toMatchObject({ count: 1 });
    expect(await server.exited).toEqual({ code: 0, signal: null });
    const events = logEvents(server.stdout());
    expect(events.find((line) => line.event === 'shutdown')).toMatchObject({
      signal: 'SIGTERM',
      inFlight: 1,
    });
    expect(events.map((line) => line.event)).toContain('shutdown_complete');
  });

  test('keeps answering after the reader of its stdout goes away (EPIPE)', async () => {
    test.setTimeout(180_000);
    const port = await freePort();
    const server = start(process.execPath, [compiledServer], serverEnv(port));
    await until(
      async () => (await answers(port, '/api/health')) === 200,
      '/api/health answers 200',
      120_000,
      pollMs,
    );

    server.child.stdout!.destroy();
    // Every request writes a log line to the closed pipe.
    for (let i = 0; i < 20; i += 1) expect(await answers(port, '/api/health')).toBe(200);
    await until(
      () => server.stderr().includes('EPIPE'),
      'the server noticed stdout failed',
      30_000,
      pollMs,
    );
    for (let i = 0; i < 20; i += 1) expect(await answers(port, '/api/ready')).toBe(200);
    expect(server.child.exitCode).toBeNull();
    expect(server.stderr()).not.toMatch(/Error: write EPIPE|Unhandled 'error' event/);

    server.child.kill('SIGTERM');
    expect((await server.exited).code).toBe(0);
  });
});

test.describe('the watch in the compiled server', () => {
  test('keeps every event of the record through kill -9', async () => {
    test.setTimeout(120_000);
    const port = await freePort();
    const env = serverEnv(port);
    const readEvents = async () => {
      const { status, body } = await get(port, '/api/events?limit=500').answer.catch(() => ({
        status: 0,
        body: '',
      }));
      return status === 200 ? (JSON.parse(body) as { events: { id: number }[] }).events : [];
    };
    const first = start(process.execPath, [compiledServer], env);
    // Demo mode seeds five sites; the monitor's first round records each one's first level.
    await until(
      async () => (await readEvents()).length >= 5,
      'the first round of the watch is on record',
      60_000,
      pollMs,
    );
    const before = await readEvents();
    first.child.kill('SIGKILL');
    expect((await first.exited).signal).toBe('SIGKILL');

    const second = start(process.execPath, [compiledServer], env);
    await until(
      async () => (await answers(port, '/api/health')) === 200,
      'the restarted server answers',
      60_000,
      pollMs,
    );
    const after = await readEvents();
    expect(after.slice(-before.length)).toEqual(before);
    const sites = JSON.parse((await get(port, '/api/sites').answer).body) as { sites: unknown[] };
    // Seeded once: a restart does not add the demo sites again.
    expect(sites.sites).toHaveLength(5);
    second.child.kill('SIGTERM');
    await second.exited;
  });
});
