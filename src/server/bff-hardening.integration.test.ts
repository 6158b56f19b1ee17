import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Bff,
  closeAll,
  forwardTo,
  hang,
  type StubHandler,
  startBff,
  startSimulator,
  startStubProvider,
} from './testing/loopback';
import { until } from './testing/until';
import { manualTimers } from './testing/manual-timers';

/**
 * The BFF against hung, hostile and failing providers and greedy clients, over loopback HTTP:
 * what issue 12 found, each reproduced and held to its fix.
 */

// `node --expose-gc`, switched on from inside: a hung call must survive a collection.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

let simulatorUrl: string;
beforeAll(async () => {
  simulatorUrl = await startSimulator();
});
afterAll(closeAll);

const get = (bff: Bff, path: string, init?: RequestInit) => fetch(`${bff.url}/api/${path}`, init);
const quota = async (bff: Bff) =>
  (await (await get(bff, 'quota')).json()) as { spent: number; by_family: Record<string, number> };

/** Holds each request until `release` answers it by way of the simulator. */
function holding() {
  const held: (() => void)[] = [];
  const handler: StubHandler = (request, response) =>
    held.push(() => forwardTo(simulatorUrl)(request, response));
  return { handler, held, release: () => held.splice(0).forEach((answer) => answer()) };
}

describe('one deadline per request', () => {
  // On real timers, which a collection must not stop: a hung call's own attempts would run for
  // 90 s, the deadline ends the request at 1.5 s (and the bound is ten times that, for a busy
  // machine).
  it('answers within the deadline while a call hangs, garbage collection or not', async () => {
    const stub = await startStubProvider(hang);
    const bff = await startBff(stub.url, {
      UPSTREAM_TIMEOUT_MS: '30000',
      UPSTREAM_RETRIES: '2',
      UPSTREAM_DEADLINE_MS: '1500',
    });
    const started = performance.now();
    const pending = get(bff, 'current?lat=1&lon=1');
    await until(() => stub.received === 1, 'the provider holds the request');
    for (let i = 0; i < 3; i++) collectGarbage();
    const response = await pending;
    expect(response.status).toBe(504);
    expect(((await response.json()) as { error: string }).error).toMatch(/did not answer within/);
    expect(performance.now() - started).toBeLessThan(15_000);
    // Nothing is left hanging on the provider's side either.
    await until(() => stub.abandoned === stub.received, 'every provider call is closed');
  });

  it('cuts attempts and retries short at the deadline', async () => {
    const timers = manualTimers();
    const stub = await startStubProvider(hang);
    // Three attempts of a second each would take 3 s; the deadline cuts them to 1.5 s.
    const bff = await startBff(
      stub.url,
      { UPSTREAM_TIMEOUT_MS: '1000', UPSTREAM_RETRIES: '2', UPSTREAM_DEADLINE_MS: '1500' },
      undefined,
      { timers },
    );
    let answered = false;
    const pending = get(bff, 'current?lat=1&lon=2').finally(() => (answered = true));
    await until(() => stub.received === 1, 'the provider holds the first attempt');
    timers.advance(1000);
    // The backoff before the retry is on the same timers: moved on while the test waits.
    await until(() => {
      timers.advance(1);
      return stub.received === 2;
    }, 'the provider holds the retry');
    expect(answered).toBe(false);
    timers.advance(1500 - timers.now());
    const response = await pending;
    expect(response.status).toBe(504);
    expect(((await response.json()) as { error: string }).error).toMatch(/did not answer within/);
    // No third attempt: no time was left for it.
    expect(stub.received).toBe(2);
    await until(() => stub.abandoned === 2, 'both provider calls are closed');
  });

  it('serves the last good answer as STALE when the provider hangs past the deadline', async () => {
    const timers = manualTimers();
    const stub = await startStubProvider(forwardTo(simulatorUrl));
    const bff = await startBff(
      stub.url,
      { UPSTREAM_TIMEOUT_MS: '600', UPSTREAM_DEADLINE_MS: '1000' },
      undefined,
      { timers },
    );
    // However long the simulator takes on a busy machine, no deadline passes until the test
    // moves the timers.
    const first = await get(bff, 'current?lat=35.78&lon=-78.64');
    expect(first.status).toBe(200);
    const good = await first.text();
    stub.handler = hang;
    bff.advance(601);
    // Pacing runs on the same timers: past the first call's slot, the next goes out at once.
    timers.advance(1000);
    const pending = get(bff, 'current?lat=35.78&lon=-78.64');
    await until(() => stub.received === 2, 'the provider holds the request');
    timers.advance(1000);
    const stale = await pending;
    expect(stale.headers.get('x-cache')).toBe('STALE');
    expect(await stale.text()).toBe(good);
  });

  it('lets a request that joins a stuck call go at its own deadline, and opens the breaker', async () => {
    const timers = manualTimers();
    const stub = await startStubProvider(hang);
    const bff = await startBff(
      stub.url,
      {
        UPSTREAM_TIMEOUT_MS: '800',
        UPSTREAM_RETRIES: '0',
        UPSTREAM_DEADLINE_MS: '800',
        BREAKER_THRESHOLD: '2',
      },
      undefined,
      { timers },
    );
    const first = get(bff, 'current?lat=3&lon=3');
    await until(() => stub.received === 1, 'the provider holds the first request');
    // The first request's attempt and deadline, then the second's deadline: it waits on the call.
    expect(timers.pending).toBe(2);
    const joined = get(bff, 'current?lat=3&lon=3');
    await until(() => timers.pending === 3, 'the second request waits for its deadline');
    timers.advance(800);
    expect((await joined).status).toBe(504);
    expect(stub.received).toBe(1);
    expect((await first).status).toBe(504);
    // The failures completed, so they count: the second opens the circuit.
    const second = get(bff, 'current?lat=4&lon=4');
    await until(() => stub.received === 2, 'the provider holds the second call');
    timers.advance(800);
    expect((await second).status).toBe(504);
    await until(
      async () =>
        ((await (await get(bff, 'ready')).json()) as { breaker: string }).breaker === 'open',
      'the breaker reports open',
    );
    const fast = await get(bff, 'current?lat=5&lon=5');
    expect(fast.status).toBe(503);
    expect(stub.received).toBe(2);
  });

  it('cancels the provider call when its only client disconnects', async () => {
    const stub = await startStubProvider(hang);
    const bff = await startBff(stub.url);
    const client = new AbortController();
    const pending = get(bff, 'current?lat=6&lon=6', { signal: client.signal }).catch(() => null);
    await until(() => stub.received === 1, 'the provider holds the request');
    client.abort();
    expect(await pending).toBeNull();
    await until(() => stub.abandoned === 1, 'the provider call is cancelled');
  });

  it('keeps a shared call going while another client still waits for it', async () => {
    const { handler, held, release } = holding();
    const stub = await startStubProvider(handler);
    const bff = await startBff(stub.url);
    const leaving = new AbortController();
    const gone = get(bff, 'current?lat=7&lon=7', { signal: leaving.signal }).catch(() => null);
    const staying = get(bff, 'current?lat=7&lon=7');
    await until(() => held.length === 1 && bff.requests() === 2, 'both requests wait on one call');
    leaving.abort();
    expect(await gone).toBeNull();
    release();
    const answer = await staying;
    expect(answer.status).toBe(200);
    expect(stub.received).toBe(1);
    expect(stub.abandoned).toBe(0);
  });

  it('bounds the queue for pacing slots: past it, 503 with Retry-After', async () => {
    const stub = await startStubProvider(forwardTo(simulatorUrl));
    const bff = await startBff(stub.url, {
      UPSTREAM_RATE_PER_SECOND: '1',
      UPSTREAM_QUEUE_MAX: '2',
    });
    const responses = await Promise.all(
      Array.from({ length: 6 }, (_, i) => get(bff, `alerts?lat=${20 + i}&lon=-90`)),
    );
    const refused = responses.filter((response) => response.status === 503);
    expect(refused.length).toBeGreaterThanOrEqual(2);
    expect(responses.filter((response) => response.status === 200).length).toBeGreaterThanOrEqual(
      3,
    );
    for (const response of refused) {
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(((await response.json()) as { error: string }).error).toMatch(/waiting/);
    }
    expect(stub.received).toBe(6 - refused.length);
  });

  it('refuses at once a pacing slot that would come after the deadline', async () => {
    const timers = manualTimers();
    const stub = await startStubProvider(forwardTo(simulatorUrl));
    const bff = await startBff(
      stub.url,
      { UPSTREAM_RATE_PER_SECOND: '1', UPSTREAM_DEADLINE_MS: '1500' },
      undefined,
      { timers },
    );
    const statuses: number[] = [];
    const responses = Array.from({ length: 3 }, (_, i) =>
      get(bff, `alerts?lat=${30 + i}&lon=-90`).then((response) => {
        statuses.push(response.status);
        return response;
      }),
    );
    // Slots at 0, 1 and 2 s: the first goes, the third is refused without waiting, the second
    // waits for its slot.
    await until(() => statuses.length === 2, 'two requests are answered');
    expect([...statuses].sort()).toEqual([200, 503]);
    expect(stub.received).toBe(1);
    timers.advance(1000);
    await Promise.all(responses);
    expect(statuses.sort()).toEqual([200, 200, 503]);
    expect(stub.received).toBe(2);
  });
});

describe('the quota guard covers every spend', () => {
  const points = (count: number, offset = 0) =>
    Array.from({ length: count }, (_, i) => `(${offset + i * 0.1},${offset})`).join(',');

  it('asks before a points request that costs a unit a point', async () => {
    const bff = await startBff(simulatorUrl, { CLIENT_DAILY_UNITS: '0' });
    const flood = await get(bff, `current?points=${points(100)}`);
    expect(flood.status).toBe(428);
    expect(await flood.json()).toMatchObject({ cost_units: 100 });
    expect(await bff.upstreamCalls('current')).toBe(0);
    expect((await quota(bff)).spent).toBe(0);
    const confirmed = await get(bff, `current?points=${points(100)}&confirm_units=100`);
    expect(confirmed.status).toBe(200);
    expect((await quota(bff)).spent).toBe(100);
  });

  it('holds a client to CLIENT_DAILY_UNITS and names the budget', async () => {
    const bff = await startBff(simulatorUrl, { CLIENT_DAILY_UNITS: '150' });
    expect((await get(bff, `current?points=${points(100)}&confirm_units=100`)).status).toBe(200);
    const refused = await get(bff, `current?points=${points(100, 10)}&confirm_units=100`);
    expect(refused.status).toBe(429);
    const { error } = (await refused.json()) as { error: string };
    expect(error).toMatch(/CLIENT_DAILY_UNITS\) is 150 units, 100 are spent/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await bff.upstreamCalls('current')).toBe(1);
    // Small requests still fit what is left.
    expect((await get(bff, 'current?lat=1&lon=1')).status).toBe(200);
    expect((await quota(bff)).spent).toBe(101);
  });

  it('enforces QUOTA_DAILY_LIMIT before spending, and keeps serving what is cached', async () => {
    const bff = await startBff(simulatorUrl, { QUOTA_DAILY_LIMIT: '3' });
    for (let i = 0; i < 3; i++)
      expect((await get(bff, `alerts?lat=${40 + i}&lon=-100`)).status).toBe(200);
    const refused = await get(bff, 'alerts?lat=50&lon=-100');
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toMatch(
      /QUOTA_DAILY_LIMIT\) is 3 units, 3 are spent/,
    );
    expect(await bff.upstreamCalls('alerts')).toBe(3);
    // Past freshness, the limit reached: the last good answer rather than none.
    bff.advance(181);
    expect((await get(bff, 'alerts?lat=40&lon=-100')).headers.get('x-cache')).toBe('STALE');
    expect((await quota(bff)).spent).toBe(3);
  });

  it('counts a repeated add-on once', async () => {
    const bff = await startBff(simulatorUrl);
    const ask = await get(bff, 'current?lat=1&lon=2&include=alerts,alerts');
    expect(await ask.json()).toMatchObject({ cost_units: 2 });
    expect(
      (await get(bff, 'current?lat=1&lon=2&include=alerts,alerts&confirm_units=2')).status,
    ).toBe(200);
    expect(await quota(bff)).toMatchObject({ spent: 2 });
  });

  it('never spends on a HEAD', async () => {
    const bff = await startBff(simulatorUrl);
    const head = await get(bff, 'current?lat=1&lon=3', { method: 'HEAD' });
    expect(head.status).toBe(204);
    expect(head.headers.get('x-quota-cost')).toBe('1');
    expect(await bff.upstreamCalls('current')).toBe(0);
    expect((await quota(bff)).spent).toBe(0);
    await get(bff, 'current?lat=1&lon=3');
    const cachedHead = await get(bff, 'current?lat=1&lon=3', { method: 'HEAD' });
    expect(cachedHead.status).toBe(200);
    expect(cachedHead.headers.get('x-cache')).toBe('HIT');
    expect((await quota(bff)).spent).toBe(1);
  });

  // The BFF as its own process, compiled by tsx as it starts: seconds on a busy machine.
  it('has every spend on record before the provider answers, through kill -9', async () => {
    const stub = await startStubProvider(hang);
    const dataDir = mkdtempSync(join(tmpdir(), 'skydeck-kill-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        WEATHERBIT_API_KEY: 'demo-business',
        WEATHERBIT_BASE_URL: stub.url,
        DATA_DIR: dataDir,
        CLIENT_RATE_LIMIT: '0',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        child.once('exit', (code) => reject(new Error(`the BFF exited with ${code}`)));
        child.stderr.on('data', (chunk: Buffer) => {
          const match = /http:\/\/127\.0\.0\.1:\d+/.exec(chunk.toString());
          if (match) resolve(match[0]);
        });
      });
      for (let i = 0; i < 20; i++) fetch(`${url}/api/alerts?lat=${i}&lon=0`).catch(() => null);
      await until(() => stub.received === 20, 'the provider holds 20 paid requests');
    } finally {
      child.kill('SIGKILL');
    }
    await exited;
    // The child's ledger is on the real clock's day: read the file itself.
    const ledger = new Database(join(dataDir, 'skydeck.sqlite'), { readonly: true });
    const rows = ledger
      .prepare('SELECT family, SUM(units) AS units FROM quota_spend GROUP BY family')
      .all();
    ledger.close();
    expect(rows).toEqual([{ family: 'alerts', units: 20 }]);
  }, 60_000);
});

describe("the provider's words", () => {
  const key = 'c0ffee42'.repeat(4);
  const anyKey = /[0-9a-f]{32}/i;

  /** A provider that quotes the request, key and all, back in its answer. */
  const echoing =
    (status: number, field = 'error'): StubHandler =>
    (request, response) => {
      const words = `Bad request ${request.headers.host}${request.url} for ${key}; trace ${'ab'.repeat(16)}`;
      response
        .writeHead(status, { 'content-type': 'application/json', 'x-ratelimit-reset': '0' })
        .end(JSON.stringify({ [field]: words, status_code: status }));
    };

  it.each([
    [400, 400, /could not answer this request: Bad request \[url\]/],
    [403, 403, /plan with the weather provider does not include this data/],
    [404, 404, /has no such data/],
    [401, 502, /did not accept Skydeck's credentials/],
    [418, 502, /refused the request \(418\)/],
  ])('maps a %i that echoes the key to %i in its own words', async (status, mapped, message) => {
    const stub = await startStubProvider(echoing(status));
    const bff = await startBff(stub.url, { WEATHERBIT_API_KEY: key });
    const response = await get(bff, 'current?lat=1&lon=1');
    expect(response.status).toBe(mapped);
    const text = await response.text();
    expect(text).toMatch(message);
    expect(text).not.toContain(key);
    expect(text).not.toMatch(anyKey);
    expect(text).not.toContain('key=');
    expect(bff.logs.join('\n')).not.toContain(key);
    expect(bff.logs.some((line) => line.includes('"event":"provider-refusal"'))).toBe(true);
  });

  it('answers a provider 429 in its own words', async () => {
    const stub = await startStubProvider(echoing(429, 'status_message'));
    const bff = await startBff(stub.url, { WEATHERBIT_API_KEY: key, UPSTREAM_RETRIES: '0' });
    const response = await get(bff, 'current?lat=1&lon=1');
    expect(response.status).toBe(429);
    const text = await response.text();
    expect(text).not.toMatch(anyKey);
    expect(text).toMatch(/quota|slow down/);
  });
});

describe('bounds on what the provider sends', () => {
  it('refuses a body over UPSTREAM_MAX_BYTES while it streams, not after reading it', async () => {
    let written = 0;
    const stub = await startStubProvider((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      const pump = () => {
        while (written < 50 * 1024 * 1024 && !response.destroyed) {
          written += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        response.end();
      };
      pump();
    });
    const bff = await startBff(stub.url, { UPSTREAM_MAX_BYTES: String(1024 * 1024) });
    const response = await get(bff, 'current?lat=1&lon=1');
    expect(response.status).toBe(502);
    expect(((await response.json()) as { error: string }).error).toMatch(/larger than the 1 MB/);
    await until(() => stub.abandoned === 1, 'the provider connection is closed');
    expect(written).toBeLessThan(20 * 1024 * 1024);
  });

  it('refuses a declared Content-Length over the limit without reading', async () => {
    const stub = await startStubProvider((_request, response) => {
      response.writeHead(200, { 'content-length': String(60 * 1024 * 1024) });
      response.write('{"data":');
    });
    const bff = await startBff(stub.url);
    expect((await get(bff, 'current?lat=1&lon=1')).status).toBe(502);
  });

  it('caps a far-future reset at an hour, then asks again', async () => {
    const stub = await startStubProvider((_request, response) => {
      response
        .writeHead(429, { 'content-type': 'application/json', 'x-ratelimit-reset': '9999999999' })
        .end('{"status_code":429,"status_message":"over the limit"}');
    });
    const bff = await startBff(stub.url);
    const limited = await get(bff, 'current?lat=1&lon=1');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBe(3600);
    expect((await get(bff, 'current?lat=2&lon=1')).status).toBe(429);
    expect(stub.received).toBe(1);
    bff.advance(3601);
    await get(bff, 'current?lat=2&lon=1');
    expect(stub.received).toBe(2);
  });
});

describe('the last good data is kept', () => {
  it.each([
    ['an empty 200', (response: Parameters<StubHandler>[1]) => response.writeHead(200).end()],
    [
      'an answer that breaks the contract',
      (response: Parameters<StubHandler>[1]) =>
        response
          .writeHead(200, { 'content-type': 'application/json' })
          .end('{"count":1,"data":[{"temp":"warm"}]}'),
    ],
  ])('treats %s as a fault and serves the last good answer', async (_name, answer) => {
    const stub = await startStubProvider(forwardTo(simulatorUrl));
    const bff = await startBff(stub.url);
    const good = await (await get(bff, 'current?lat=51.5&lon=-0.12')).text();
    stub.handler = (_request, response) => answer(response);
    bff.advance(700);
    const stale = await get(bff, 'current?lat=51.5&lon=-0.12');
    expect(stale.status).toBe(200);
    expect(stale.headers.get('x-cache')).toBe('STALE');
    expect(await stale.text()).toBe(good);
    // Asked again later, the good answer is still there: the fault replaced nothing.
    bff.advance(60);
    expect(await (await get(bff, 'current?lat=51.5&lon=-0.12')).text()).toBe(good);
  });
});
