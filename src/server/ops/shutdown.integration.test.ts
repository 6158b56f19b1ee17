import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { createLogger } from '../log';
import { gracefulShutdown, repeatWindowMs } from './shutdown';

/**
 * SIGTERM/SIGINT on a real server on loopback: what is in flight finishes, nothing new gets in,
 * idle keep-alive connections do not hold the exit up, and the grace period is a hard limit.
 */
interface Answer {
  status: number;
  connection: string | undefined;
  body: string;
}

function get(port: number, path: string, agent?: http.Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, agent }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            connection: response.headers.connection,
            body,
          }),
        );
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

async function setUp(graceMs: number, now?: () => number) {
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrived = () => {};
  const slowArrived = new Promise<void>((resolve) => (arrived = resolve));
  const lines: string[] = [];
  const logger = createLogger([], (line) => lines.push(line));
  const events: string[] = [];
  const exit = vi.fn((code: number) => events.push(`exit ${code}`));
  const onDrain = vi.fn(() => events.push('drain'));
  const onClosed = vi.fn(() => events.push('closed'));

  const server = await new Promise<http.Server>((resolve) => {
    const started = serve(
      {
        fetch: async (request) => {
          if (new URL(request.url).pathname !== '/slow') return new Response('quick');
          arrived();
          await released;
          return new Response('done');
        },
        port: 0,
        hostname: '127.0.0.1',
      },
      () => resolve(started as http.Server),
    );
  });
  // Long enough that only the shutdown's own closing can end an idle connection in time.
  server.keepAliveTimeout = 10 * 60_000;
  const agents = [new http.Agent({ keepAlive: true }), new http.Agent({ keepAlive: true })];
  cleanups.push(() => {
    release();
    for (const agent of agents) agent.destroy();
    server.closeAllConnections();
    server.close();
  });
  const shutdown = gracefulShutdown({ server, graceMs, logger, onDrain, onClosed, exit, now });
  const port = (server.address() as AddressInfo).port;
  const logEvents = () => lines.map((line) => JSON.parse(line).event as string);
  return {
    port,
    agents,
    shutdown,
    release,
    slowArrived,
    exit,
    onDrain,
    events,
    logEvents,
  };
}

describe('graceful shutdown', () => {
  it('lets a request in flight finish, refuses new connections, then exits 0', async () => {
    const t = await setUp(60_000);
    // An idle keep-alive connection, as a browser or load balancer leaves open.
    expect((await get(t.port, '/quick', t.agents[0])).body).toBe('quick');
    const inFlight = get(t.port, '/slow', t.agents[1]);
    await t.slowArrived;

    t.shutdown('SIGTERM');
    expect(t.onDrain).toHaveBeenCalledTimes(1);
    await expect(get(t.port, '/quick')).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    expect(t.exit).not.toHaveBeenCalled();

    t.release();
    const answer = await inFlight;
    expect(answer).toEqual({ status: 200, connection: 'close', body: 'done' });
    await vi.waitFor(() => expect(t.exit).toHaveBeenCalled(), { timeout: 15_000, interval: 20 });
    expect(t.events).toEqual(['drain', 'closed', 'exit 0']);
    expect(t.logEvents()).toEqual(['shutdown', 'shutdown_complete']);
  });

  it('cuts what is still running when the grace period ends, and exits 1', async () => {
    const t = await setUp(200);
    const inFlight = get(t.port, '/slow', t.agents[0]);
    await t.slowArrived;
    t.shutdown('SIGTERM');
    await expect(inFlight).rejects.toMatchObject({ code: 'ECONNRESET' });
    await vi.waitFor(() => expect(t.exit).toHaveBeenCalled(), { timeout: 15_000, interval: 20 });
    expect(t.events).toEqual(['drain', 'closed', 'exit 1']);
    expect(t.logEvents()).toEqual(['shutdown', 'shutdown_deadline']);
  });

  it('exits at once on a second signal, but not on the same one delivered twice', async () => {
    let now = 1_000;
    const t = await setUp(60_000, () => now);
    const inFlight = get(t.port, '/slow', t.agents[0]);
    await t.slowArrived;
    t.shutdown('SIGINT');
    // Ctrl-C under npm: the terminal's SIGINT and npm's forwarded copy.
    now += repeatWindowMs / 10;
    t.shutdown('SIGINT');
    expect(t.exit).not.toHaveBeenCalled();

    now += repeatWindowMs * 2;
    t.shutdown('SIGINT');
    expect(t.events).toEqual(['drain', 'closed', 'exit 1']);
    expect(t.logEvents()).toEqual(['shutdown', 'shutdown_forced']);
    await expect(inFlight).rejects.toMatchObject({ code: 'ECONNRESET' });
  });
});

describe('SHUTDOWN_GRACE_MS', () => {
  it('defaults to 10 s and is range-checked', () => {
    expect(loadConfig({}).shutdownGraceMs).toBe(10_000);
    expect(loadConfig({ SHUTDOWN_GRACE_MS: '0' }).shutdownGraceMs).toBe(0);
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: '-1' })).toThrow(ConfigError);
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: '10s' })).toThrow(ConfigError);
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: '3600000' })).toThrow(ConfigError);
  });
});
