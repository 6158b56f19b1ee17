// The production build served by the compiled BFF in demo mode, on loopback, for the scripts that
// measure it (benchmarks, sizes, the soak; each runs ensure-build first): a fresh ledger each run,
// the simulator's clock pinned.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface RunningServer {
  url: string;
  stop(): void;
}

export async function startServer(port: number, name: string): Promise<RunningServer> {
  const server: ChildProcess = spawn(process.execPath, ['dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      SIMULATOR_NOW: '2026-07-15T18:20:00Z',
      WEATHERBIT_API_KEY: '',
      DATA_DIR: mkdtempSync(join(tmpdir(), `skydeck-${name}-`)),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    server.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
    server.stderr?.on(
      'data',
      (chunk: Buffer) => chunk.toString().includes('Skydeck is running') && resolve(),
    );
  });
  return { url: `http://127.0.0.1:${port}`, stop: () => server.kill('SIGTERM') };
}
