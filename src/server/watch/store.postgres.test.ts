import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type WatchDatabase } from '../db/database';
import { WatchStore } from './store';

/**
 * Operators on PostgreSQL, where two replicas share the database. Runs only when
 * SKYDECK_TEST_DATABASE_URL names an empty, throwaway database (e.g. a local `initdb`); it
 * deletes the operators it makes. Without it the suite is skipped.
 */
const url = process.env.SKYDECK_TEST_DATABASE_URL;

describe.skipIf(!url)('operators on PostgreSQL', () => {
  let replicas: WatchDatabase[] = [];
  let stores: WatchStore[] = [];

  beforeAll(async () => {
    replicas = [
      await openDatabase({ dataDir: 'unused', databaseUrl: url }),
      await openDatabase({ dataDir: 'unused', databaseUrl: url }),
    ];
    stores = replicas.map((database) => new WatchStore(database));
    if ((await stores[0]?.countOperators()) !== 0)
      throw new Error('SKYDECK_TEST_DATABASE_URL must name an empty, throwaway database');
  });
  afterAll(async () => {
    await replicas[0]?.db.deleteFrom('operators').execute();
    for (const database of replicas) await database.close();
  });

  it('lets exactly one of four first-run setups on two replicas win, every time', async () => {
    const [a, b] = stores as [WatchStore, WatchStore];
    for (let round = 0; round < 10; round++) {
      await a.db.deleteFrom('operators').execute();
      const won = await Promise.all([
        a.createFirstOperator(`a${round}`, 'hash', 0),
        b.createFirstOperator(`b${round}`, 'hash', 0),
        a.createFirstOperator(`c${round}`, 'hash', 0),
        b.createFirstOperator(`d${round}`, 'hash', 0),
      ]);
      expect([round, won.filter(Boolean).length, await a.countOperators()]).toEqual([round, 1, 1]);
    }
  });

  it('resets a password on both engines alike: sessions end, an unknown name is refused', async () => {
    const [a, b] = stores as [WatchStore, WatchStore];
    await a.db.deleteFrom('operators').execute();
    expect(await a.resetPassword('admin', 'first', 0, false)).toBe(false);
    expect(
      await Promise.all([
        a.resetPassword('admin', 'x', 0, true),
        b.resetPassword('admin', 'y', 0, true),
      ]),
    ).toEqual([true, true]);
    const admin = await a.findOperator('admin');
    await a.createSession('token', admin?.id ?? 0, 0, 10);
    expect(await a.resetPassword('admin', 'z', 0, false)).toBe(true);
    expect(await a.sessionOperator('token', 0)).toBeUndefined();
    expect((await a.findOperator('admin'))?.password_hash).toBe('z');
  });
});
