import pg from 'pg';
import { survivePoolErrors } from '../db/database';
import type { Logger } from '../log';
import type { CachedAnswer } from './response-cache';

export interface SharedCacheOptions {
  databaseUrl: string;
  /** The database migrated (its table made). */
  ready: Promise<void>;
  logger: Logger;
  /** Fetches held under their lock at once; past it, a replica fetches unshared. */
  connections?: number;
}

/** A fresh answer another replica stored, with its age; or the one just fetched. */
export interface SharedAnswer {
  answer: CachedAnswer;
  /** Seconds since it was stored, when it came from another replica. */
  sharedAge?: number;
}

/** The advisory locks' class for cache keys: 'skyc'. The watch's lock is a one-key lock apart. */
const lockClass = 0x736b7963;
/** An answer this big is served, and kept in memory, but not copied into the database. */
const maxSharedBytes = 2 * 1024 * 1024;
/** Rows past their freshness are removed at most this often by each replica (seconds). */
const pruneEveryS = 60;
/** How long past freshness a row may stay before it is removed (seconds). */
const pruneAfterS = 60;

/**
 * Provider answers shared by replicas on one PostgreSQL, so identical requests arriving at
 * several replicas at the same moment cost one provider call, and a replica asking for what
 * another fetched a little earlier takes that answer while it is fresh.
 *
 * Per key, in one transaction: take the key's advisory lock (`pg_advisory_xact_lock`), look for a
 * fresh row, and only if there is none fetch and store it before the commit releases the lock. A
 * replica asking meanwhile waits on the lock and then finds the row. The lock is held on a small
 * pool of its own while the provider answers, so the main pool (the quota ledger's reservation
 * inside that fetch, sessions, the watch) is never starved by waiting fetches; when that pool is
 * busy, or the database does not answer, the replica fetches on its own, as one process would.
 */
export class SharedProviderCache {
  private readonly pool: pg.Pool;
  private prunedAt = -Infinity;

  constructor(private readonly options: SharedCacheOptions) {
    this.pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.connections ?? 4,
      // Waiting long for a lock connection costs more than a second provider call.
      connectionTimeoutMillis: 1000,
      idleTimeoutMillis: 30_000,
    });
    survivePoolErrors(this.pool, (error) =>
      options.logger.error('shared-cache', { message: error.message }),
    );
  }

  /**
   * `key`'s answer: a fresh row another replica stored (no older than `maxAge` seconds, when
   * given), else what `fetch` brings, stored for the others. `now` is the answers' clock (s);
   * `deadline` (performance.now() ms) bounds the wait for another replica's fetch.
   */
  async answer(
    key: string,
    maxAge: number | undefined,
    now: () => number,
    deadline: number,
    fetch: () => Promise<CachedAnswer>,
  ): Promise<SharedAnswer> {
    let client: pg.PoolClient;
    try {
      await this.options.ready;
      client = await this.pool.connect();
    } catch (error) {
      this.options.logger.error('shared-cache', { message: (error as Error).message });
      return { answer: await fetch() };
    }
    let fetched = false;
    let failed = false;
    try {
      await client.query('BEGIN');
      // Waiting for another replica's fetch is bounded by this request's own deadline.
      const waitMs = Math.max(1, Math.floor(deadline - performance.now()));
      await client.query(`SET LOCAL lock_timeout = ${waitMs}`);
      await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [lockClass, key]);
      const at = now();
      const { rows } = await client.query<{
        status: number;
        body: string;
        stored_at: number;
        fresh_until: number;
      }>(
        `SELECT status, body, stored_at, fresh_until FROM provider_cache
         WHERE key = $1 AND fresh_until > $2 AND stored_at >= $3`,
        [key, at, maxAge === undefined ? -Infinity : at - maxAge],
      );
      const row = rows[0];
      if (row) {
        await client.query('COMMIT');
        const answer: CachedAnswer = {
          status: row.status,
          body: row.body,
          storedAt: row.stored_at,
          freshUntil: row.fresh_until,
        };
        return { answer, sharedAge: Math.max(0, at - row.stored_at) };
      }
      fetched = true;
      const answer = await fetch();
      try {
        if (answer.body.length <= maxSharedBytes)
          await client.query(
            `INSERT INTO provider_cache (key, status, body, stored_at, fresh_until)
             VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (key) DO UPDATE SET status = excluded.status, body = excluded.body,
               stored_at = excluded.stored_at, fresh_until = excluded.fresh_until`,
            [key, answer.status, answer.body, answer.storedAt, answer.freshUntil],
          );
        await client.query('COMMIT');
        await this.prune(client, answer.storedAt);
      } catch (error) {
        // Not shared, but fetched and paid for: the answer is served all the same.
        failed = true;
        await client.query('ROLLBACK').catch(() => undefined);
        this.options.logger.error('shared-cache', { message: (error as Error).message });
      }
      return { answer };
    } catch (error) {
      failed = true;
      await client.query('ROLLBACK').catch(() => undefined);
      // The provider's failure is the caller's to handle; the database's is not: fetch anyway.
      if (fetched) throw error;
      this.options.logger.error('shared-cache', { message: (error as Error).message });
      return { answer: await fetch() };
    } finally {
      client.release(failed);
    }
  }

  close(): Promise<void> {
    return this.pool.end();
  }

  private async prune(client: pg.PoolClient, now: number): Promise<void> {
    if (now - this.prunedAt < pruneEveryS && now >= this.prunedAt) return;
    this.prunedAt = now;
    await client
      .query('DELETE FROM provider_cache WHERE fresh_until < $1', [now - pruneAfterS])
      .catch((error: unknown) =>
        this.options.logger.error('shared-cache', { message: (error as Error).message }),
      );
  }
}
