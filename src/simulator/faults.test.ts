import { type ChildProcessByStdio, spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSimulator } from './app';
import type { FaultWait } from './http/faults';
import { createWorld } from './world/world';

/**
 * Fault injection (SIMULATOR_FAULTS=1): the X-Simulator-Fault header asks for an error status,
 * a delay, a timeout or a connection reset. In-process through `app.request` and `fetch`, and
 * over real HTTP against the standalone simulator.
 */

const now = Date.parse('2026-07-15T18:20:00Z') / 1000;
const world = createWorld();
const query = 'current?lat=35.78&lon=-78.64&key=demo-business';

function simulator(faults: boolean, faultWait?: FaultWait) {
  let millis = 0;
  return createSimulator({
    now: () => now,
    world,
    faults,
    velocityClock: () => (millis += 1000),
    faultWait,
  });
}

/**
 * The faults' wait in the test's hands, so nothing rests on how fast a busy machine runs: each
 * wait is held until the test releases it, and `asked` resolves once one is waiting.
 */
function heldWaits() {
  const held: { ms: number; release: () => void }[] = [];
  let onWait: (() => void) | undefined;
  const wait: FaultWait = (ms) =>
    new Promise((release) => {
      held.push({ ms, release });
      onWait?.();
    });
  const asked = () =>
    new Promise<void>((resolve) => {
      if (held.length > 0) resolve();
      else onWait = resolve;
    });
  return { wait, held, asked };
}

const withFault = (fault: string): RequestInit => ({ headers: { 'X-Simulator-Fault': fault } });

async function jsonOf(response: Response): Promise<Record<string, unknown>> {
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return (await response.json()) as Record<string, unknown>;
}

// ---------------------------------------------------------------------------------------------
// The standalone simulator as a child process, started once for the HTTP tests.

type Child = ChildProcessByStdio<null, Readable, null>;
let child: Child | undefined;
let baseUrl: string;

function startStandaloneSimulator(): Promise<string> {
  const started: Child = spawn(process.execPath, ['--import', 'tsx', 'src/simulator/main.ts'], {
    env: {
      ...process.env,
      SIMULATOR_PORT: '0',
      SIMULATOR_HOST: '127.0.0.1',
      SIMULATOR_NOW: new Date(now * 1000).toISOString(),
      SIMULATOR_FAULTS: '1',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child = started;
  return new Promise((resolve, reject) => {
    let output = '';
    started.once('exit', (code) => reject(new Error(`the simulator exited with ${code}`)));
    started.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /at (http:\/\/127\.0\.0\.1:\d+\/v2\.0)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
  });
}

/** SIGTERM, and SIGKILL if the process has not gone within five seconds. */
function stopChild(process: Child): Promise<void> {
  if (process.exitCode !== null || process.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => process.kill('SIGKILL'), 5_000);
    process.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    process.kill('SIGTERM');
  });
}

beforeAll(async () => {
  baseUrl = await startStandaloneSimulator();
});

afterAll(async () => {
  if (child) await stopChild(child);
});

// ---------------------------------------------------------------------------------------------

describe('error faults, in-process', () => {
  const sim = simulator(true);

  it('answers 500 with the service body', async () => {
    const response = await sim.app.request(`/v2.0/${query}`, withFault('500'));
    expect(response.status).toBe(500);
    expect(await jsonOf(response)).toEqual({ error: 'Server Error' });
  });

  it('answers 503 with a JSON body', async () => {
    const response = await sim.app.request(`/v2.0/${query}`, withFault('503'));
    expect(response.status).toBe(503);
    expect(await jsonOf(response)).toEqual({ error: 'Service Unavailable' });
  });

  it('answers 429 with the service fields and an exhausted X-RateLimit-Remaining', async () => {
    const response = await sim.app.request(`/v2.0/${query}`, withFault('429'));
    expect(response.status).toBe(429);
    expect(response.headers.get('X-RateLimit-Remaining')).toBe('0');
    expect(Number(response.headers.get('X-RateLimit-Reset'))).toBeGreaterThan(0);
    const body = await jsonOf(response);
    expect(body.status_code).toBe(429);
    expect(body.error).toEqual(expect.stringMatching(/^Rate limit exceeded/));
    expect(body.status_message).toEqual(expect.stringMatching(/^Rate limit exceeded/));
  });

  it('reads the header without regard to case or spaces', async () => {
    const response = await sim.app.request(`/v2.0/${query}`, withFault(' 503 '));
    expect(response.status).toBe(503);
  });

  it('answers an unknown fault with a 400 that lists the known ones', async () => {
    const response = await sim.app.request(`/v2.0/${query}`, withFault('explode'));
    expect(response.status).toBe(400);
    const body = await jsonOf(response);
    expect(body.error).toContain('explode');
    expect(body.error).toContain('delay=<ms>');
  });

  it('answers every endpoint, also an unknown one, with the fault', async () => {
    for (const path of ['forecast/daily?lat=1&lon=1&key=demo-free', 'nowhere?key=demo-plus']) {
      const response = await sim.app.request(`/v2.0/${path}`, withFault('500'));
      expect(response.status).toBe(500);
    }
  });

  it('does not charge the quota for a faulted request', async () => {
    const fresh = simulator(true);
    for (const fault of ['500', '503', '429']) {
      await fresh.app.request(`/v2.0/${query}`, withFault(fault));
    }
    const usage = await fresh.app.request('/v2.0/subscription/usage?key=demo-business');
    expect(await jsonOf(usage)).toHaveProperty('calls_count', '0');
  });
});

describe('the delay fault, in-process', () => {
  it('answers normally once the delay has passed, and not before', async () => {
    const waits = heldWaits();
    const sim = simulator(true, waits.wait);
    let answered = false;
    const pending = Promise.resolve(sim.app.request(`/v2.0/${query}`, withFault('delay=300'))).then(
      (response) => {
        answered = true;
        return response;
      },
    );
    await waits.asked();
    expect(waits.held.map((wait) => wait.ms)).toEqual([300]);
    expect(answered).toBe(false);
    waits.held[0]!.release();
    const response = await pending;
    expect(response.status).toBe(200);
    expect(await jsonOf(response)).toHaveProperty('count', 1);
    // The delayed request is a normal one: it is charged.
    expect(response.headers.get('X-RateLimit-Remaining')).toBe('1999999');
  });

  it('holds a delay to a minute at most', async () => {
    const waits = heldWaits();
    const sim = simulator(true, waits.wait);
    const pending = sim.app.request(`/v2.0/${query}`, withFault('delay=600000'));
    await waits.asked();
    expect(waits.held.map((wait) => wait.ms)).toEqual([60_000]);
    waits.held[0]!.release();
    expect((await pending).status).toBe(200);
  });

  // On the real timer: a short delay, then the request's own checks.
  it('still checks the request after the delay', async () => {
    const sim = simulator(true);
    const response = await sim.app.request('/v2.0/current?lat=95&lon=0&key=demo-business', {
      ...withFault('delay=20'),
    });
    expect(response.status).toBe(400);
  });
});

describe('faults switched off', () => {
  const asked: number[] = [];
  const sim = simulator(false, async (ms) => {
    asked.push(ms);
  });

  it.each(['500', '503', '429', 'timeout', 'reset', 'delay=300', 'explode'])(
    'ignores X-Simulator-Fault: %s',
    async (fault) => {
      const response = await sim.fetch(
        new Request(`http://simulator/v2.0/${query}`, withFault(fault)),
      );
      expect(response.status).toBe(200);
      expect(await jsonOf(response)).toHaveProperty('count', 1);
      // Neither a delay nor a timeout was waited out.
      expect(asked).toEqual([]);
    },
  );
});

describe('network faults through the exported fetch, in-process', () => {
  const sim = simulator(true);
  const request = (fault: string, init: RequestInit = {}) =>
    new Request(`http://simulator/v2.0/${query}`, { ...withFault(fault), ...init });

  it('answers a request without a fault normally', async () => {
    const response = await sim.fetch(new Request(`http://simulator/v2.0/${query}`));
    expect(response.status).toBe(200);
  });

  it('rejects a reset with a TypeError, as fetch does', async () => {
    await expect(sim.fetch(request('reset'))).rejects.toThrow(TypeError);
    await expect(sim.fetch(request('reset'))).rejects.toThrow(/connection reset/);
  });

  it('passes the error faults through as responses', async () => {
    expect((await sim.fetch(request('503'))).status).toBe(503);
  });

  // In process there is no socket to time out: the simulator's fetch rejects as fetch would.
  it('rejects a timeout once the caller gives up, as fetch does', async () => {
    const outcome = sim
      .fetch(request('timeout', { signal: AbortSignal.timeout(200) }))
      .then((response) => `resolved with ${response.status}`);
    await expect(outcome).rejects.toThrow();
  });
});

describe('network faults over real HTTP (SIMULATOR_FAULTS=1)', () => {
  const url = () => `${baseUrl}/${query}`;

  it('serves normal requests', async () => {
    const response = await fetch(url());
    expect(response.status).toBe(200);
    expect(await jsonOf(response)).toHaveProperty('count', 1);
  });

  it('answers an error fault over the wire', async () => {
    const response = await fetch(url(), withFault('503'));
    expect(response.status).toBe(503);
    expect(await jsonOf(response)).toEqual({ error: 'Service Unavailable' });
  });

  it('cuts the connection on reset, so fetch rejects', async () => {
    const error: unknown = await fetch(url(), withFault('reset')).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(TypeError);
    expect((error as TypeError).message).toBe('fetch failed');
  });

  it('keeps serving after a reset', async () => {
    expect((await fetch(url())).status).toBe(200);
  });

  it('does not answer a timeout fault until the caller gives up', async () => {
    const started = performance.now();
    const error: unknown = await fetch(url(), {
      ...withFault('timeout'),
      signal: AbortSignal.timeout(500),
    }).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('TimeoutError');
    expect(performance.now() - started).toBeGreaterThanOrEqual(490);
  });

  it('keeps serving after a timeout', async () => {
    const response = await fetch(url(), { signal: AbortSignal.timeout(5_000) });
    expect(response.status).toBe(200);
    expect(child?.exitCode).toBeNull();
  });

  it('answers a delay normally, over the wire', async () => {
    const started = performance.now();
    const response = await fetch(url(), withFault('delay=300'));
    expect(response.status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(295);
  });
});
