import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Servers as real processes on loopback, for tests that must kill one (SIGKILL leaves no
 * chance to tidy up, as a crash would not). `killAll` ends whatever a test left running.
 */
export const repositoryRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

export interface Running {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const spawned: Running[] = [];

export function startProcess(command: string, args: string[], env: Record<string, string>) {
  const child = spawn(command, args, {
    cwd: repositoryRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
    child.once('exit', (code, signal) => done({ code, signal })),
  );
  const running: Running = { child, stdout: () => stdout, stderr: () => stderr, exited };
  spawned.push(running);
  return running;
}

/** Every process started here and still running, killed (SIGKILL) and waited for. */
export async function killAll(): Promise<void> {
  await Promise.all(
    spawned.splice(0).map(async ({ child, exited }) => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    }),
  );
}

/** A port nothing listens on: the OS picks one, and it is given back at once. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((ready) => probe.listen(0, '127.0.0.1', ready));
  const address = probe.address();
  await new Promise((closed) => probe.close(closed));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** The JSON lines a server logged on stdout. */
export function logLines(stdout: string): { event: string; [field: string]: unknown }[] {
  return stdout
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { event: string; [field: string]: unknown });
}
