import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Ready } from '../../shared/api/health';
import { until } from './loopback';
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
