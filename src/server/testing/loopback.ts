import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { type AppOptions, createApp } from '../app';
import { loadConfig } from '../config';
import { createLogger } from '../log';

/**
 * What the BFF's integration tests stand up on 127.0.0.1: the standalone simulator as its own
 * process, BFFs in process on a port the OS picks, and stub providers whose behaviour a test
 * changes as it goes. Everything started here is stopped by `closeAll`.
 */
type Closable = () => Promise<void>;
const closers: Closable[] = [];

export async function closeAll(): Promise<void> {
  await Promise.all(closers.splice(0).map((close) => close()));
}

/** Something else a test stands up, for `closeAll` to stop. */
export function closeWithAll(close: Closable): void {
  closers.push(close);
}

/** The simulator's "now" the tests pin: a July afternoon with storms over the US. */
export const simulatedNow = Date.parse('2026-07-15T18:20:00Z');

/** `npm run simulator`'s entry point as its own process; resolves with its base URL. */
export function startSimulator(env: Record<string, string> = {}): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/simulator/main.ts'], {
    env: {
      ...process.env,
      SIMULATOR_PORT: '0',
      SIMULATOR_NOW: new Date(simulatedNow).toISOString(),
      SIMULATOR_FAULTS: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  closers.push(
    () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  );
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the simulator exited with ${code}`)));
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /at (http:\/\/127\.0\.0\.1:\d+\/v2\.0)/.exec(chunk.toString());
      if (match?.[1]) resolve(match[1]);
    });
  });
}

export interface Bff {
  url: string;
  /** The watch inside this BFF: tests run its monitor round by round with `tick()`. */
  watch: ReturnType<typeof createApp>['watch'];
  /** Moves the BFF's clock. */
  advance(seconds: number): void;
  logs: string[];
  /** Requests the BFF's HTTP server has received so far. */
  requests(): number;
  close(): Promise<void>;
  /** Provider calls the BFF's metrics count for an endpoint (and outcome). */
  upstreamCalls(endpoint: string, status?: string): Promise<number>;
}

/**
 * A BFF in live mode against `baseUrl`, its clock pinned to `simulatedNow` until advanced; its
 * provider deadlines on `timers` when given (`manualTimers()`), else on real time.
 */
export async function startBff(
  baseUrl: string,
  env: Record<string, string> = {},
  dataDir = mkdtempSync(join(tmpdir(), 'skydeck-ledger-')),
  /** What a test injects that no environment variable sets. */
  extra: Pick<AppOptions, 'streamBounds' | 'resolveHost' | 'timers'> = {},
): Promise<Bff> {
  let offset = 0;
  const logs: string[] = [];
  const config = loadConfig({
    WEATHERBIT_API_KEY: 'demo-business',
    WEATHERBIT_BASE_URL: baseUrl,
    SIMULATOR_FAULTS: '1',
    STATIC_DIR: join(tmpdir(), 'skydeck-no-build'),
    DATA_DIR: dataDir,
    UPSTREAM_BACKOFF_MS: '10',
    UPSTREAM_TIMEOUT_MS: '2000',
    CLIENT_RATE_LIMIT: '0',
    ...env,
  });
  const instance = createApp({
    config,
    logger: createLogger([config.apiKey ?? ''], (line) => logs.push(line)),
    clock: () => simulatedNow + offset * 1000,
    ...extra,
  });
  let bffUrl = '';
  const server = await new Promise<Server>((resolve) => {
    const s = serve({ fetch: instance.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
      bffUrl = `http://127.0.0.1:${info.port}`;
      resolve(s as Server);
    });
  });
  let received = 0;
  server.on('request', () => received++);
  let closed: Promise<void> | undefined;
  const close = () =>
    (closed ??= new Promise<void>((resolve) => {
      // Keep-alive sockets would hold close() open for seconds.
      server.closeAllConnections();
      server.close(() => {
        void instance.close().then(resolve);
      });
    }));
  closers.push(close);
  return {
    url: bffUrl,
    watch: instance.watch,
    advance: (seconds) => {
      offset += seconds;
    },
    logs,
    requests: () => received,
    close,
    async upstreamCalls(endpoint, status) {
      const text = await (await fetch(`${bffUrl}/metrics`)).text();
      let total = 0;
      for (const line of text.split('\n')) {
        const match =
          /^skydeck_upstream_requests_total\{endpoint="([^"]+)",status="([^"]+)"\} (\d+)$/.exec(
            line,
          );
        if (match && match[1] === endpoint && (status === undefined || match[2] === status))
          total += Number(match[3]);
      }
      return total;
    },
  };
}

export type StubHandler = (request: IncomingMessage, response: ServerResponse) => void;

export interface StubProvider {
  /** The base URL to give the BFF, ending in /v2.0. */
  url: string;
  /** How the next requests are answered; replace it at any time. */
  handler: StubHandler;
  /** Requests received so far. */
  received: number;
  /** Requests whose connection closed before they were answered. */
  abandoned: number;
}

/** A provider under the test's control, answering through `handler`. */
export function startStubProvider(handler: StubHandler): Promise<StubProvider> {
  const stub: StubProvider = { url: '', handler, received: 0, abandoned: 0 };
  const server = createServer((request, response) => {
    stub.received++;
    response.on('close', () => {
      if (!response.writableFinished) stub.abandoned++;
    });
    stub.handler(request, response);
  });
  closers.push(
    () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2.0`;
      resolve(stub);
    });
  });
}

/**
 * Moves the standalone simulator's world on by `seconds` (it must run with SIMULATOR_FAULTS=1):
 * with `Bff.advance`, the provider's clock and the BFF's move together.
 */
export async function advanceWorld(simulatorUrl: string, seconds: number): Promise<void> {
  const origin = new URL(simulatorUrl).origin;
  const response = await fetch(`${origin}/__simulator/clock?advance_s=${seconds}`, {
    method: 'POST',
  });
  if (!response.ok) throw new Error(`the simulator refused to move its clock: ${response.status}`);
}

/** A stub handler that passes every request on to the simulator and its answer back. */
export function forwardTo(simulatorUrl: string): StubHandler {
  return (request, response) => {
    const path = (request.url ?? '/').replace(/^\/v2\.0/, '');
    fetch(`${simulatorUrl}${path}`).then(
      async (answer) => {
        const headers: Record<string, string> = {};
        answer.headers.forEach((value, name) => {
          if (name !== 'content-encoding' && name !== 'content-length') headers[name] = value;
        });
        response.writeHead(answer.status, headers).end(Buffer.from(await answer.arrayBuffer()));
      },
      () => response.destroy(),
    );
  };
}

/** Answers nothing and never closes: a provider that hangs. */
export const hang: StubHandler = () => undefined;
