import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import {
  type DatabaseOptions,
  type Engine,
  openDatabase,
  type WatchDatabase,
} from '../db/database';
import { createDatabase } from './test-postgres';

/** Both engines, for `describe.each`: what passes on one must pass on the other. */
export const engines: readonly Engine[] = ['sqlite', 'postgres'];

/**
 * A new, empty database on the run's PostgreSQL server (postgres-global-setup.ts), so test
 * files running in parallel never see each other's rows. Returns its URL.
 */
export function createPostgresDatabase(): Promise<string> {
  return createDatabase(inject('postgresUrl'), `skydeck_test_${randomBytes(6).toString('hex')}`);
}

/**
 * A migrated database, empty: SQLite in a temporary DATA_DIR, or a new PostgreSQL database.
 * `options` opens the same one again: another replica, or the same after a restart.
 */
export async function openTestDatabase(
  engine: Engine,
): Promise<WatchDatabase & { options: DatabaseOptions }> {
  const options: DatabaseOptions =
    engine === 'postgres'
      ? { dataDir: 'unused', databaseUrl: await createPostgresDatabase() }
      : { dataDir: mkdtempSync(join(tmpdir(), 'skydeck-db-')) };
  return { ...(await openDatabase(options)), options };
}
