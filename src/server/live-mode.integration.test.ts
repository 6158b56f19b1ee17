import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { closeAll, startStubProvider } from './testing/loopback';

/**
 * A live server must not load the simulator: it is demo mode's provider, with its world model
 * and its geography, and has no business in memory beside a real one. The BFF runs as
 * `src/server/main.ts` in a process of its own, under a module loader hook that writes down
 * every module it loads; the same run in demo mode shows the hook does see the simulator.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const simulatorSources = pathToFileURL(join(root, 'src', 'simulator')).href + '/';
const serverSources = pathToFileURL(join(root, 'src', 'server')).href + '/';

const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await closeAll();
});

interface Booted {
  url: string;
  /** The URLs of the modules the process has loaded so far. */
  loaded(): string[];
  stop(): Promise<void>;
}

async function boot(env: Record<string, string>): Promise<Booted> {
  const dir = mkdtempSync(join(tmpdir(), 'skydeck-live-mode-'));
  const trace = join(dir, 'loaded.txt');
  writeFileSync(trace, '');
  const hooks = join(dir, 'hooks.mjs');
  writeFileSync(
    hooks,
    `import { appendFileSync } from 'node:fs';
export async function load(url, context, nextLoad) {
  appendFileSync(${JSON.stringify(trace)}, url + '\\n');
  return nextLoad(url, context);
}
`,
  );
  const register = join(dir, 'register.mjs');
  writeFileSync(
    register,
    `import { register } from 'node:module';
register(${JSON.stringify(pathToFileURL(hooks).href)});
`,
  );
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--import', pathToFileURL(register).href, 'src/server/main.ts'],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: join(dir, 'data'),
        STATIC_DIR: join(dir, 'no-build'),
        WEATHERBIT_API_KEY_FILE: '',
        CLIENT_RATE_LIMIT: '0',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  children.push(child);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const url = await new Promise<string>((ready, fail) => {
    let stderr = '';
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      const match = /running at (http:\/\/127\.0\.0\.1:\d+)/.exec(stderr);
      if (match?.[1]) ready(match[1]);
    });
    child.once('exit', (code) => fail(new Error(`the server exited with ${code}: ${stderr}`)));
  });
  return {
    url,
    loaded: () => readFileSync(trace, 'utf8').split('\n').filter(Boolean),
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

describe('live mode', () => {
  it('answers the API, places included, without loading a module of the simulator', async () => {
    const provider = await startStubProvider((request, response) => {
      // No data for the point: a valid answer that needs no body to check.
      response.writeHead(request.url?.includes('key=live-key') ? 204 : 403).end();
    });
    const server = await boot({
      WEATHERBIT_API_KEY: 'live-key',
      WEATHERBIT_BASE_URL: provider.url,
    });
    try {
      const health = await fetch(`${server.url}/api/health`);
      expect(await health.json()).toEqual({ status: 'ok', mode: 'live' });
      // The places API is Skydeck's own: it answers from the BFF's gazetteer in live mode too.
      const search = (await (await fetch(`${server.url}/api/places?q=raleigh`)).json()) as {
        places: { label: string }[];
      };
      expect(search.places[0]?.label).toMatch(/^Raleigh, North Carolina/);
      const at = (await (
        await fetch(`${server.url}/api/places/at?lat=48.8566&lon=2.3522`)
      ).json()) as { label: string; named: boolean };
      expect(at).toMatchObject({ named: true, label: expect.stringMatching(/^Paris/) });
      const sea = (await (await fetch(`${server.url}/api/places/at?lat=30&lon=-40`)).json()) as {
        label: string;
      };
      expect(sea.label).toMatch(/^At sea/);
      // The weather comes from the provider, by the network.
      const current = await fetch(`${server.url}/api/current?lat=35.78&lon=-78.64`);
      expect(current.status).toBe(204);
      expect(provider.received).toBe(1);

      const loaded = server.loaded();
      expect(loaded.filter((url) => url.startsWith(serverSources))).toEqual(
        expect.arrayContaining([`${serverSources}main.ts`, `${serverSources}routes/places.ts`]),
      );
      expect(loaded.filter((url) => url.startsWith(simulatorSources))).toEqual([]);
    } finally {
      await server.stop();
    }
  }, 60_000);

  it('is told from demo mode, which does load the simulator (the trace sees it)', async () => {
    const server = await boot({
      WEATHERBIT_API_KEY: '',
      SIMULATOR_NOW: '2026-07-15T18:20:00Z',
    });
    try {
      const current = await fetch(`${server.url}/api/current?lat=35.78&lon=-78.64`);
      expect(current.status).toBe(200);
      expect(server.loaded()).toContain(`${simulatorSources}app.ts`);
    } finally {
      await server.stop();
    }
  }, 60_000);
});
