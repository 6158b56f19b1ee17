import { accessSync, constants, statSync } from 'node:fs';

/**
 * Errors that say the database cannot keep what it is given: its disk is full, it or its
 * directory is read-only, or its storage fails. Nothing a client sent is wrong and nothing in
 * Skydeck is broken: the operator must free space or make DATA_DIR (or PostgreSQL) writable.
 */
export interface StorageFailure {
  /** The engine's own code: SQLITE_FULL, SQLITE_READONLY_DBMOVED, PostgreSQL 53100 disk_full… */
  code: string;
  /** The engine's own words, as it said them. */
  message: string;
}

/** What every refused write says, whichever engine refused it. */
export const unwritableWords = 'database full or read-only';

/** The `{error}` of a request the database could not be reached for (down or restarting). */
export const databaseUnreachableError =
  'The database cannot be reached: nothing was read or saved; try again shortly';

/**
 * PostgreSQL's SQLSTATEs for the same (the 53 class is "insufficient resources"; 25006 a
 * read-only transaction, as on a hot standby or with default_transaction_read_only; 58030 an
 * I/O error).
 */
const postgresStates: Record<string, string> = {
  '53100': 'disk_full',
  '53200': 'out_of_memory',
  '25006': 'read_only_sql_transaction',
  '58030': 'io_error',
};

/** Extended codes included (SQLITE_IOERR_WRITE, SQLITE_READONLY_DIRECTORY…). */
const sqlitePattern = /^SQLITE_(FULL|READONLY|IOERR|CANTOPEN)(_|$)/;

export function storageFailure(error: unknown): StorageFailure | undefined {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  if (typeof code !== 'string') return undefined;
  const text = typeof message === 'string' ? message : String(error);
  if (sqlitePattern.test(code)) return { code, message: text };
  const state = postgresStates[code];
  return state ? { code: `PostgreSQL ${code} ${state}`, message: text } : undefined;
}

/** "database full or read-only (SQLITE_FULL: database or disk is full)": readiness's cause. */
export function describeFailure(failure: StorageFailure): string {
  return `${unwritableWords} (${failure.code}: ${failure.message})`;
}

/** The `{error}` of a write the database refused: what happened and what to do. */
export function unwritableError(failure: StorageFailure): string {
  return `Not saved: ${describeFailure(failure)}; free space or make the database writable, then try again`;
}

/**
 * Remembers the last write the database refused for lack of space or write access, so that
 * readiness stays 503 for `holdMs` after it even when its own small heartbeat still fits (an
 * update in place needs no new page, while the writes that do need one fail).
 */
export class StorageHealth {
  private last: { at: number; failure: StorageFailure } | undefined;

  constructor(
    private readonly clock: () => number,
    private readonly holdMs = 15_000,
  ) {}

  /** Notes `error` if it is a storage failure; returns it classified, or undefined. */
  note(error: unknown): StorageFailure | undefined {
    const failure = storageFailure(error);
    if (failure) this.last = { at: this.clock(), failure };
    return failure;
  }

  /** The storage failure seen within `holdMs`, if any. */
  recent(): StorageFailure | undefined {
    if (this.last && this.clock() - this.last.at < this.holdMs) return this.last.failure;
    return undefined;
  }
}

/** Thrown at start when DATA_DIR cannot hold the database: one sentence for the operator. */
export class DataDirError extends Error {}

/**
 * Why `dataDir` cannot hold Skydeck's SQLite database, in words, from the error met and a look
 * at the directory itself (SQLite says only "unable to open database file").
 */
export function dataDirError(dataDir: string, error: unknown): DataDirError {
  const code = (error as { code?: string }).code ?? '';
  const reason = dataDirReason(dataDir, code) ?? `${code || 'error'}: ${(error as Error).message}`;
  const remedy =
    code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT'
      ? 'move it aside (or restore a backup) or set DATA_DIR to another directory'
      : `make it a writable directory for this user (uid ${process.getuid?.() ?? '?'}) or set DATA_DIR to one`;
  return new DataDirError(
    `cannot open the database in DATA_DIR ${dataDir}: ${reason}; ${remedy}, then start again.`,
  );
}

function dataDirReason(dataDir: string, code: string): string | undefined {
  if (code === 'EEXIST' || code === 'ENOTDIR') return 'it is not a directory';
  if (code === 'ENOSPC' || code === 'SQLITE_FULL') return 'its disk is full';
  if (code === 'SQLITE_NOTADB' || code === 'SQLITE_CORRUPT')
    return 'skydeck.sqlite there is not a SQLite database';
  // SQLite's CANTOPEN and READONLY: the directory tells why.
  try {
    if (!statSync(dataDir).isDirectory()) return 'it is not a directory';
    accessSync(dataDir, constants.W_OK);
  } catch (problem) {
    const { code: fsCode } = problem as { code?: string };
    if (fsCode === 'EROFS') return 'its file system is read-only';
    if (fsCode === 'EACCES' || fsCode === 'EPERM') return 'permission denied';
    if (fsCode === 'ENOTDIR') return 'it is not a directory';
  }
  if (code === 'EROFS') return 'its file system is read-only';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code.startsWith('SQLITE_READONLY')) return 'skydeck.sqlite there is read-only';
  return undefined;
}
