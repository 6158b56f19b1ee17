// The production build served by the compiled BFF in demo mode, on loopback, for the scripts that
// measure it (benchmarks, sizes, the soak; each runs ensure-build first): a fresh ledger each run,
// the simulator's clock pinned. Those that drive the map through its handle serve `testBuild`.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The SPA as `scripts/ensure-build.mjs --test-hooks` builds it: production's code with the page's
 * handles for tests and benchmarks (window.__skydeckMap, window.__skydeckQueries).
 */
export const testBuild = 'dist/client-test';

export interface RunningServer {
  url: string;
  /** The first-run setup codes it has logged (without SKYDECK_ADMIN_PASSWORD, on an empty DATA_DIR). */
  setupCodes(): string[];
  stop(): void;
  /** Settles when the process has exited (after `stop`, once it has closed its database). */
  exited: Promise<void>;
}

export async function startServer(
  port: number,
  name: string,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const server: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SIMULATOR_NOW: '2026-07-15T18:20:00Z',
      WEATHERBIT_API_KEY: '',
      DATA_DIR: mkdtempSync(join(tmpdir(), `skydeck-${name}-`)),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  // Read to the end, or a full pipe would stall the server; only the setup codes are kept.
  const setupCodes: string[] = [];
  let partial = '';
  server.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines)
      if (line.includes('"event":"setup-code"'))
        setupCodes.push((JSON.parse(line) as { code: string }).code);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
    server.stderr?.on(
      'data',
      (chunk: Buffer) => chunk.toString().includes('Skydeck is running') && resolve(),
    );
  });
  return {
    url: `http://127.0.0.1:${port}`,
    setupCodes: () => [...setupCodes],
    stop: () => server.kill('SIGTERM'),
    exited,
  };
}
