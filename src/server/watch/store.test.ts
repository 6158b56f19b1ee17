import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type WatchDatabase } from '../db/database';
import { engines, openTestDatabase } from '../testing/test-database';
import { ensureAdmin } from './auth/session-routes';
import { WatchStore } from './store';

/**
 * Operators on both engines under concurrent writes: on PostgreSQL from two replicas (two pools
 * on one database of the run's test server); SQLite serves one process, through one connection.
 */
describe.each(engines)('operators on %s, written concurrently', (engine) => {
  let replicas: WatchDatabase[] = [];
  let stores: WatchStore[] = [];

  beforeAll(async () => {
    const first = await openTestDatabase(engine);
    replicas = [first, engine === 'postgres' ? await openDatabase(first.options) : first];
    stores = replicas.map((database) => new WatchStore(database));
  });
  afterAll(async () => {
    for (const database of new Set(replicas)) await database.close();
  });

  it('lets exactly one of four first-run setups win, every time', async () => {
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

  it('creates admin once when replicas start together, and a session signed in meanwhile stays', async () => {
    const [a, b] = stores as [WatchStore, WatchStore];
    await a.db.deleteFrom('operators').execute();
    const password = 'correct horse battery';
    const first = ensureAdmin(a, password, 0);
    const others = [ensureAdmin(b, password, 0), ensureAdmin(a, password, 0)];
    expect(await first).toMatch(/created|unchanged/);
    const admin = await a.findOperator('admin');
    await a.createSession('signed-in', admin?.id ?? 0, 0, 10);
    const outcomes = [await first, ...(await Promise.all(others))];
    expect(outcomes.filter((outcome) => outcome === 'created')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'unchanged')).toHaveLength(2);
    expect(await a.sessionOperator('signed-in', 0)).toMatchObject({ username: 'admin' });
  });

  it('keeps an enabled admin when two replicas each demote or disable one of the last two at once', async () => {
    const [a, b] = stores as [WatchStore, WatchStore];
    for (let round = 0; round < 10; round++) {
      await a.db.deleteFrom('operators').execute();
      await a.saveOperator('x', 'hash', 0, false, 'admin');
      await a.saveOperator('y', 'hash', 0, false, 'admin');
      const outcomes = await Promise.all([
        a.changeOperator('x', { role: 'operator' }),
        b.changeOperator('y', { disabled: true }),
      ]);
      const admins = (await a.listOperators()).filter(
        (operator) => operator.role === 'admin' && operator.disabled === 0,
      );
      expect([round, outcomes.sort(), admins.length]).toEqual([
        round,
        ['changed', 'last-admin'],
        1,
      ]);
    }
  });

  it('resets a password alike: sessions end, an unknown name is refused', async () => {
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
