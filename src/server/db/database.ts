import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import {
  type DatabaseConnection,
  type Driver,
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  SqliteDriver,
} from 'kysely';
import pg from 'pg';
import type { Logger } from '../log';
import { migrations } from './migrations';
import type { Schema } from './schema';
import { dataDirError } from './storage-errors';

export type Engine = 'sqlite' | 'postgres';

export interface WatchDatabase {
  db: Kysely<Schema>;
  engine: Engine;
  /** Resolves once migrated to the latest version; rejects, saying why, if that failed. */
  ready: Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  dataDir: string;
  databaseUrl?: string;
  /**
   * How long to keep trying while PostgreSQL cannot be reached at start (a replica started before
   * its database, which a restarting orchestrator does); 0, the default, fails at once.
   */
  connectRetryMs?: number;
  /** Where a PostgreSQL connection's failure is told; without one it is only survived. */
  logger?: Logger;
}

/** The database, migrated: for the CLI and tests, which have nothing to do before it is. */
export async function openDatabase(options: DatabaseOptions): Promise<WatchDatabase> {
  const database = createDatabase(options);
  await database.ready;
  return database;
}

/**
 * Skydeck's database, the watch's and the quota ledger's: PostgreSQL when DATABASE_URL names one
 * (several replicas share it), otherwise SQLite in DATA_DIR. Made at once, so the app can be; it is
 * migrated to the latest version in the background, and every user waits on `ready`.
 */
export function createDatabase(options: DatabaseOptions): WatchDatabase {
  const engine: Engine = options.databaseUrl ? 'postgres' : 'sqlite';
  let dialect;
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 10_000,
      // Epoch milliseconds do not fit an int4; bigint (int8) comes back as text unless told.
      types: {
        getTypeParser: (oid, format) => (oid === 20 ? Number : pg.types.getTypeParser(oid, format)),
      },
    });
    survivePoolErrors(pool, (error) =>
      options.logger?.error('database-connection', { message: error.message }),
    );
    dialect = new PostgresDialect({ pool });
  } else {
    dialect = new KeepingErrorSqliteDialect(openSqlite(options.dataDir));
  }
  const db = new Kysely<Schema>({ dialect });
  const migrator = new Migrator({
    db,
    provider: migrations(engine),
    migrationTableName: 'skydeck_migrations',
    migrationLockTableName: 'skydeck_migrations_lock',
    // Migrations written on branches at the same time (0002-alarms, 0003-quota-ledger) touch
    // tables of their own: a database that ran a later one first still takes an earlier one.
    allowUnorderedMigrations: true,
  });
  let closing = false;
  const migrate = async () => {
    const giveUpAt = Date.now() + (options.connectRetryMs ?? 0);
    for (let attempt = 0; ; attempt++) {
      const { error } = await migrator.migrateToLatest();
      if (!error) return;
      if (closing || !unreachable(error) || Date.now() > giveUpAt)
        throw new Error(`Skydeck's database could not be migrated: ${(error as Error).message}`);
      await new Promise((next) => setTimeout(next, Math.min(5000, 250 * 2 ** attempt)));
    }
  };
  const ready = migrate();
  // Whoever awaits `ready` hears of a failure; nobody awaiting must not crash the process.
  ready.catch(() => undefined);
  let closed: Promise<void> | undefined;
  return {
    db,
    engine,
    ready,
    close: () => {
      closing = true;
      return (closed ??= ready.catch(() => undefined).then(() => db.destroy()));
    },
  };
}

/**
 * The SQLite file in DATA_DIR, open and known to take writes. A directory that cannot hold it
 * (read-only, not a directory, not this user's) throws a DataDirError saying so in one sentence.
 */
function openSqlite(dataDir: string): Database.Database {
  let sqlite: Database.Database | undefined;
  try {
    mkdirSync(dataDir, { recursive: true });
    sqlite = new Database(join(dataDir, 'skydeck.sqlite'));
    sqlite.pragma('journal_mode = WAL');
    // Another process on the same file (`npm run user`) may hold the write lock for a moment.
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('foreign_keys = ON');
  } catch (error) {
    sqlite?.close();
    throw dataDirError(dataDir, error);
  }
  try {
    // A file it may not write SQLite opens read-only without a word: one real write (the
    // header's user_version, as it is) finds out now rather than at the first sign-in.
    const version = Number(sqlite.pragma('user_version', { simple: true }));
    sqlite.pragma(`user_version = ${version}`);
  } catch (error) {
    // A full disk is not fatal: what the server holds is still served, and readiness says why.
    if (/^SQLITE_(READONLY|CANTOPEN)/.test((error as { code?: string }).code ?? '')) {
      sqlite.close();
      throw dataDirError(dataDir, error);
    }
  }
  return sqlite;
}

/**
 * SQLite itself rolls a transaction back when a statement in it fails for want of space or
 * I/O (SQLITE_FULL, SQLITE_IOERR…); Kysely's ROLLBACK then fails with "cannot rollback - no
 * transaction is active", and that error, not the real one, reached the caller and the log.
 * This driver rolls back only a transaction still open, so the real error is the one thrown.
 */
class KeepingErrorSqliteDialect extends SqliteDialect {
  constructor(private readonly sqlite: Database.Database) {
    super({ database: sqlite });
  }

  override createDriver(): Driver {
    const { sqlite } = this;
    return new (class extends SqliteDriver {
      override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
        if (sqlite.inTransaction) await super.rollbackTransaction(connection);
      }
    })({ database: sqlite });
  }
}

/**
 * A connection PostgreSQL ends (a restart, `pg_terminate_backend`, a cut network) raises an
 * 'error' event: on the pool while the connection is idle, on the client itself while it is
 * checked out between queries (a transaction waiting on its caller, a lock held through a
 * fetch). Either, unheard, ends the process. Both are heard here: the pool drops that
 * connection and opens another when next asked, and a query in flight fails to its caller.
 */
export function survivePoolErrors(pool: pg.Pool, onError: (error: Error) => void): void {
  // The idle case reaches the client's own listener too: told once, from there.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', onError));
}

/** Errors that say the server is not there (yet), not that something is wrong with it. */
export function unreachable(error: unknown): boolean {
  const { code, message } = error as { code?: string; message?: string };
  return (
    ['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'ECONNRESET', 'EHOSTUNREACH'].includes(
      code ?? '',
    ) ||
    // PostgreSQL starting up or shutting down (57P03, 57P01), connection failures (08…).
    /^(57P0[13]|08)/.test(code ?? '') ||
    /Connection terminated|timeout expired/i.test(message ?? '')
  );
}
