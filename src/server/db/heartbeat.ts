import { sql } from 'kysely';
import type { WatchDatabase } from './database';

/** A replica whose heartbeat is older than this has stopped: the others delete its row. */
const forgetAfterMs = 60 * 60_000;

/**
 * Readiness's small real write: this replica's row in `heartbeats` says when it last could
 * write, and rows of replicas silent for an hour go, so restarts (each a new replica id) never
 * grow the table past the replicas of the last hour. Rejects with the engine's own error.
 */
export async function heartbeat(
  database: WatchDatabase,
  replica: string,
  now: number,
): Promise<void> {
  const { db } = database;
  // A database that is not there fails at once, rather than after waiting on its migration.
  await sql`SELECT 1`.execute(db);
  await database.ready;
  await db
    .insertInto('heartbeats')
    .values({ replica, at: now })
    .onConflict((oc) => oc.column('replica').doUpdateSet({ at: now }))
    .execute();
  await db
    .deleteFrom('heartbeats')
    .where('at', '<', now - forgetAfterMs)
    .where('replica', '<>', replica)
    .execute();
}
