import { connect, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type Bff,
  closeAll,
  startBff,
  startStubProvider,
  type StubProvider,
} from '../testing/loopback';
import { until } from '../testing/until';

/**
 * Live streams are bounded (issue 26): a client holds at most STREAM_PER_CLIENT of them, and a
 * stream whose client stops reading is closed once it owes more than a bound or has not drained
 * for the drain time (read on the BFF's clock, which the test moves). The clients are real
 * sockets on 127.0.0.1; the one that "stops reading" never reads a byte.
 */
let provider: StubProvider;

afterAll(closeAll);

async function bff(env: Record<string, string> = {}, extra?: Parameters<typeof startBff>[3]) {
  provider ??= await startStubProvider((_request, response) => response.writeHead(503).end());
  return startBff(provider.url, env, undefined, extra);
}

/** A stream opened with fetch; resolves once its head has come (status and body). */
async function open(server: Bff, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const response = await fetch(`${server.url}/api/stream`, { headers, signal: controller.signal });
  return { response, close: () => controller.abort() };
}

/** A client that sends the request and then never reads: the socket's buffers fill and stay full. */
async function stalledClient(server: Bff): Promise<{ socket: Socket; closed: Promise<void> }> {
  const { port } = new URL(server.url);
  const socket = connect({ host: '127.0.0.1', port: Number(port) });
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.pause();
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.on('error', () => undefined);
  socket.write('GET /api/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
  await until(() => server.watch.hub.size === 1, 'the stream is open');
  return { socket, closed };
}

/** Publishes `count` messages of about `bytes` each, letting the server write between them. */
async function flood(server: Bff, count: number, bytes: number, stop = () => false) {
  const filler = 'x'.repeat(bytes);
  let sent = 0;
  for (; sent < count && !stop(); sent++) {
    server.watch.hub.publish({ event: 'status', data: { site_id: 'flood', filler } });
    await new Promise((resolve) => setImmediate(resolve));
  }
  return sent;
}

describe('live streams', () => {
  it('gives one client at most STREAM_PER_CLIENT streams, with a 429 beyond', async () => {
    const server = await bff({ STREAM_PER_CLIENT: '3', TRUST_PROXY: '127.0.0.1' });
    const streams = [await open(server), await open(server), await open(server)];
    expect(streams.map((stream) => stream.response.status)).toEqual([200, 200, 200]);

    const refused = await open(server);
    expect(refused.response.status).toBe(429);
    expect(refused.response.headers.get('retry-after')).toBe('30');
    expect(((await refused.response.json()) as { error: string }).error).toBe(
      'Too many live streams from this client (at most 3); close one, or poll /api/sites instead',
    );
    // Another client (told apart as the rate limit does: here by its proxy's X-Forwarded-For)
    // has its own share.
    const other = await open(server, { 'X-Forwarded-For': '203.0.113.7' });
    expect(other.response.status).toBe(200);

    // A stream that ends gives its slot back.
    streams[0]?.close();
    await until(() => server.watch.hub.size === 3, 'the closed stream is gone');
    const again = await open(server);
    expect(again.response.status).toBe(200);
    for (const stream of [...streams, other, again]) stream.close();
    await server.close();
  });

  it('closes a stream whose client stops reading once it owes more than 1 MB', async () => {
    const server = await bff();
    const client = await stalledClient(server);
    let cut = false;
    void client.closed.then(() => (cut = true));
    // 64 MB offered in 64 KB messages; the socket's buffers hold a few MB at most, and the
    // server keeps no more than its bound beyond them.
    const sent = await flood(server, 1024, 64 * 1024, () => server.watch.hub.size === 0);
    expect(server.watch.hub.size).toBe(0);
    expect(sent).toBeLessThan(1024);
    console.log(`Streams: a client that stopped reading was cut after ${sent * 64} KB offered`);
    expect(server.logs.some((line) => line.includes('"stream-cut"'))).toBe(true);
    expect(server.logs.find((line) => line.includes('"stream-cut"'))).toContain(
      'more than 1048576 bytes unsent',
    );
    // The client sees its connection end once it reads again.
    client.socket.resume();
    await client.closed;
    expect(cut).toBe(true);
    await server.close();
  });

  it('closes a stream that has not drained for 60 s on the server clock', async () => {
    // The byte bound out of the way: only the drain time can close this one.
    const server = await bff({}, { streamBounds: { maxUnsentBytes: 1024 * 1024 * 1024 } });
    const client = await stalledClient(server);
    await flood(server, 512, 64 * 1024);
    server.advance(59);
    await flood(server, 1, 10);
    expect(server.watch.hub.size).toBe(1);
    server.advance(2);
    await flood(server, 1, 10);
    expect(server.watch.hub.size).toBe(0);
    expect(server.logs.find((line) => line.includes('"stream-cut"'))).toContain(
      'not drained for 60000 ms',
    );
    client.socket.resume();
    await client.closed;
    await server.close();
  });

  it('closes a stalled stream when nothing more is published, on its own check', async () => {
    // A drain time of 6 s is checked every second: the server clock moves, the wall clock
    // barely does.
    const server = await bff(
      {},
      { streamBounds: { maxUnsentBytes: 1024 * 1024 * 1024, drainTimeoutMs: 6000 } },
    );
    const client = await stalledClient(server);
    await flood(server, 512, 64 * 1024);
    expect(server.watch.hub.size).toBe(1);
    server.advance(7);
    await until(() => server.watch.hub.size === 0, 'the stalled stream is closed');
    client.socket.resume();
    await client.closed;
    await server.close();
  });
});
