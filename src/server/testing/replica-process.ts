import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Ready } from '../../shared/api/health';
import type { WatchEventJson } from '../../shared/api/watch-answers';
import { until } from './until';
import { admin } from './operator';
import { freePort, type Running, startProcess } from './processes';

/** One BFF process of several on one PostgreSQL, as the replica tests run them. */
export interface Replica {
  name: string;
  url: string;
  process: Running;
}

/** Fast takeover for the tests; the defaults (2 s, 5 s) are what a deployment runs. */
export const replicaTimings = { WATCH_STANDBY_POLL_MS: '200', WATCH_HEARTBEAT_MS: '500' };

/**
 * Starts a replica from source in live mode against `providerUrl` (a simulator, or a stub in
 * front of one), signed-in admin from `admin`, and waits until it says it is ready.
 */
export async function startReplica(
  name: string,
  { databaseUrl, providerUrl }: { databaseUrl: string; providerUrl: string },
  env: Record<string, string> = {},
): Promise<Replica> {
  const port = await freePort();
  const process = startProcess(
    globalThis.process.execPath,
    ['--import', 'tsx', 'src/server/main.ts'],
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'skydeck-replica-')),
      STATIC_DIR: join(tmpdir(), 'skydeck-no-build'),
      WEATHERBIT_API_KEY: 'demo-business',
      WEATHERBIT_API_KEY_FILE: '',
      WEATHERBIT_BASE_URL: providerUrl,
      SKYDECK_ADMIN_PASSWORD: admin.password,
      CLIENT_RATE_LIMIT: '0',
      ...replicaTimings,
      ...env,
    },
  );
  const replica = { name, url: `http://127.0.0.1:${port}`, process };
  await until(async () => (await ready(replica))?.status === 'ready', `${name} is ready`, 60_000);
  return replica;
}

/** What `/api/ready` says, with its status code; undefined while the replica does not answer. */
export async function ready(replica: Replica): Promise<(Ready & { code: number }) | undefined> {
  try {
    const response = await fetch(`${replica.url}/api/ready`);
    return { ...((await response.json()) as Ready), code: response.status };
  } catch {
    return undefined;
  }
}

export interface StreamMessage {
  event: string;
  id?: string;
  data: unknown;
  /** performance.now() when it arrived. */
  at: number;
}

/** An EventSource of our own: every message of `/api/stream` on `replica`, as it comes. */
export function openStream(replica: Replica, lastEventId?: string) {
  const controller = new AbortController();
  const messages: StreamMessage[] = [];
  void (async () => {
    const response = await fetch(`${replica.url}/api/stream`, {
      signal: controller.signal,
      headers: lastEventId === undefined ? {} : { 'Last-Event-ID': lastEventId },
    });
    const reader = (response.body as ReadableStream<Uint8Array>)
      .pipeThrough(new TextDecoderStream())
      .getReader();
    let buffer = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const message: StreamMessage = { event: 'message', data: undefined, at: performance.now() };
        for (const line of block.split('\n')) {
          const colon = line.indexOf(':');
          if (colon <= 0) continue;
          const [field, text] = [line.slice(0, colon), line.slice(colon + 1).replace(/^ /, '')];
          if (field === 'event') message.event = text;
          if (field === 'id') message.id = text;
          if (field === 'data') message.data = JSON.parse(text);
        }
        if (message.data !== undefined) messages.push(message);
      }
    }
  })().catch(() => undefined);
  return {
    messages,
    records: () =>
      messages.filter((message) => message.event === 'record').map((m) => m.data as WatchEventJson),
    close: () => controller.abort(),
  };
}
