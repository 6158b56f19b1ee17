import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, openTestDatabase } from '../testing/test-database';
import { type WatchDatabase, openDatabase } from './database';
import { heartbeat } from './heartbeat';

/**
 * Readiness's heartbeat on both engines: on PostgreSQL two replicas (two pools on one database)
 * write at once, each its own row; the table holds the replicas of the last hour and no more.
 */
describe.each(engines)('the heartbeat on %s', (engine) => {
  let replicas: WatchDatabase[] = [];

  beforeAll(async () => {
    const first = await openTestDatabase(engine);
    replicas = [first, engine === 'postgres' ? await openDatabase(first.options) : first];
  });
  afterAll(async () => {
    for (const database of new Set(replicas)) await database.close();
  });

  const rows = () =>
    (replicas[0] as WatchDatabase).db
      .selectFrom('heartbeats')
      .select(['replica', 'at'])
      .orderBy('replica')
      .execute();

  it('keeps one row a replica, however often each writes', async () => {
    const [a, b] = replicas as [WatchDatabase, WatchDatabase];
    const now = 1_800_000_000_000;
    for (let round = 0; round < 20; round++)
      await Promise.all([heartbeat(a, 'replica-a', now + round), heartbeat(b, 'replica-b', now)]);
    expect(await rows()).toEqual([
      { replica: 'replica-a', at: now + 19 },
      { replica: 'replica-b', at: now },
    ]);
  });

  it('forgets replicas silent for an hour (each restart is a new one), never the writer', async () => {
    const [a] = replicas as [WatchDatabase];
    const now = 1_900_000_000_000;
    for (let restart = 0; restart < 50; restart++)
      await heartbeat(a, `gone-${restart}`, now - 2 * 3_600_000);
    await heartbeat(a, 'recent', now - 60_000);
    await heartbeat(a, 'replica-a', now);
    expect((await rows()).map((row) => row.replica)).toEqual(['recent', 'replica-a']);
  });
});
