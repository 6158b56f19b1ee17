import { connect, createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { until } from '../testing/until';
import { freePort } from '../testing/processes';
import { createPostgresDatabase } from '../testing/test-database';
import { createDatabase } from './database';

/**
 * A replica started before its PostgreSQL (as an orchestrator restarting both may do) waits for
 * it rather than staying broken; the CLI, asking for no retries, hears at once.
 */
let relay: Server | undefined;
afterEach(() => new Promise<void>((done) => (relay ? relay.close(() => done()) : done())));

/** A port that hangs up on every connection until `forward` is set, then leads to `target`. */
async function lateServer(target: URL) {
  const state = { hungUp: 0, forward: false };
  relay = createServer((socket) => {
    if (!state.forward) {
      state.hungUp++;
      socket.destroy();
      return;
    }
    const upstream = connect(Number(target.port), target.hostname);
    socket.pipe(upstream).pipe(socket);
    socket.on('error', () => upstream.destroy());
    upstream.on('error', () => socket.destroy());
  });
  const port = await freePort();
  await new Promise<void>((listening) => relay?.listen(port, '127.0.0.1', listening));
  const url = new URL(target);
  url.port = String(port);
  return { state, url: url.href };
}

describe('a database not there yet', () => {
  it('is waited for, within connectRetryMs, and migrated once it answers', async () => {
    const late = await lateServer(new URL(await createPostgresDatabase()));
    const database = createDatabase({
      dataDir: 'unused',
      databaseUrl: late.url,
      connectRetryMs: 30_000,
    });
    let settled = false;
    void database.ready.then(
      () => (settled = true),
      () => (settled = true),
    );
    await until(() => late.state.hungUp >= 3, 'three attempts were turned away');
    expect(settled).toBe(false);
    late.state.forward = true;
    await database.ready;
    const events = await database.db.selectFrom('events').select('seq').execute();
    expect(events).toEqual([]);
    await database.close();
  });

  it('fails at once without connectRetryMs, saying why', async () => {
    const database = createDatabase({
      dataDir: 'unused',
      databaseUrl: `postgres://nobody:x@127.0.0.1:${await freePort()}/none`,
    });
    await expect(database.ready).rejects.toThrow(/could not be migrated/);
    await database.close();
  });
});
