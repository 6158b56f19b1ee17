import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { createPostgresDatabase, engines } from '../testing/test-database';
import { WatchStore } from '../watch/store';
import { type DatabaseOptions, openDatabase } from './database';
import { migrations } from './migrations';

/**
 * An upgrade to roles: the accounts there were could do everything, so they become admins;
 * accounts made afterwards are operators unless made admins.
 */
describe.each(engines)('0007-roles-audit on %s', (engine) => {
  it('makes every existing account an admin, and new ones operators', async () => {
    const options: DatabaseOptions =
      engine === 'postgres'
        ? { dataDir: 'unused', databaseUrl: await createPostgresDatabase() }
        : { dataDir: mkdtempSync(join(tmpdir(), 'skydeck-roles-')) };
    // The database as the previous version left it: every migration but this one.
    const before = new Kysely<{
      operators: { username: string; password_hash: string; created_at: number };
    }>({
      dialect: options.databaseUrl
        ? new PostgresDialect({ pool: new pg.Pool({ connectionString: options.databaseUrl }) })
        : new SqliteDialect({ database: new Database(join(options.dataDir, 'skydeck.sqlite')) }),
    });
    const all = await migrations(engine).getMigrations();
    const { error } = await new Migrator({
      db: before,
      provider: {
        getMigrations: async () =>
          Object.fromEntries(Object.entries(all).filter(([name]) => name !== '0007-roles-audit')),
      },
      migrationTableName: 'skydeck_migrations',
      migrationLockTableName: 'skydeck_migrations_lock',
      allowUnorderedMigrations: true,
    }).migrateToLatest();
    expect(error).toBeUndefined();
    await before
      .insertInto('operators')
      .values([
        { username: 'chief', password_hash: 'h', created_at: 0 },
        { username: 'deputy', password_hash: 'h', created_at: 0 },
      ])
      .execute();
    await before.destroy();

    const database = await openDatabase(options);
    try {
      const store = new WatchStore(database);
      await store.saveOperator('newcomer', 'h', 1, false);
      expect(
        (await store.listOperators()).map((operator) => [
          operator.username,
          operator.role,
          operator.disabled,
        ]),
      ).toEqual([
        ['chief', 'admin', 0],
        ['deputy', 'admin', 0],
        ['newcomer', 'operator', 0],
      ]);
    } finally {
      await database.close();
    }
  });
});
