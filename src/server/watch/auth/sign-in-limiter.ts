import { sql } from 'kysely';
import type { WatchDatabase } from '../../db/database';

/** Failed sign-ins allowed per address, and per username from one address, within the window. */
export const signInLimits = { failures: 5, windowMs: 15 * 60_000 } as const;

/**
 * Failures of one username from anywhere only slow its sign-ins down, never refuse them: the
 * first few cost nothing, then each doubles the wait, up to a few seconds. A refusal would let
 * anyone with a handful of addresses lock the owner out.
 */
export const usernameDelay = { freeFailures: 3, firstMs: 250, maxMs: 3000 } as const;

/** The wait before checking a password for a username that failed `failures` times lately. */
export function delayFor(failures: number): number {
  if (failures < usernameDelay.freeFailures) return 0;
  const doublings = Math.min(failures - usernameDelay.freeFailures, 16);
  return Math.min(usernameDelay.maxMs, usernameDelay.firstMs * 2 ** doublings);
}

/** An attempt under way: counted as a failure until it is known to have succeeded. */
export interface SignInAttempt {
  readonly id: number;
}

export type Admission =
  | { allowed: true; attempt: SignInAttempt; delayMs: number }
  | { allowed: false; retryAfter: number };

/**
 * Counts failed sign-ins in the database, so the limits hold across replicas and restarts and
 * no number of addresses can push anyone's count out of a table: rows older than the window
 * are pruned, nothing else. An address gets `signInLimits.failures` a window (whatever names it
 * tries), and so does each username from it; a username's failures from everywhere only add a
 * delay (`delayFor`), so the right password from an address that has not failed always works.
 *
 * An attempt counts as a failure from the moment it is admitted: checking a password takes a
 * quarter of a second, and a limit that only counted finished failures would let a burst of
 * parallel guesses all through before the first was counted. A success takes its row back.
 * Admission is one transaction per address (PostgreSQL: an advisory lock on it; SQLite: one
 * connection), so parallel guesses from one address are counted one after another.
 */
export class SignInLimiter {
  constructor(
    private readonly database: WatchDatabase,
    private readonly clock: () => number,
  ) {}

  /** Admits an attempt and counts it, or says in how many seconds one will be allowed. */
  async admit(address: string, name: string): Promise<Admission> {
    // `Admin` and `admin` share one count, as they share one account.
    const username = name.toLowerCase();
    const now = this.clock();
    const since = now - signInLimits.windowMs;
    const db = this.database.db;
    const admission = await db.transaction().execute(async (trx) => {
      if (this.database.engine === 'postgres')
        await sql`SELECT pg_advisory_xact_lock(hashtext(${`skydeck:sign-in:${address}`}))`.execute(
          trx,
        );
      const counts = await trx
        .selectFrom('sign_in_failures')
        .where('address', '=', address)
        .where('at', '>', since)
        .select((eb) => [
          eb.fn.countAll<number>().as('failures'),
          eb.fn.min<number>('at').as('oldest'),
          eb.fn
            .sum<number>(eb.case().when('username', '=', username).then(1).else(0).end())
            .as('named'),
          eb.fn
            .min<number>(eb.case().when('username', '=', username).then(eb.ref('at')).end())
            .as('namedOldest'),
        ])
        .executeTakeFirstOrThrow();
      let until = 0;
      if (Number(counts.failures) >= signInLimits.failures)
        until = Number(counts.oldest) + signInLimits.windowMs;
      if (Number(counts.named ?? 0) >= signInLimits.failures)
        until = Math.max(until, Number(counts.namedOldest) + signInLimits.windowMs);
      if (until > now)
        return { allowed: false as const, retryAfter: Math.ceil((until - now) / 1000) };
      const row = await trx
        .insertInto('sign_in_failures')
        .values({ address, username, at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { allowed: true as const, attempt: { id: Number(row.id) } };
    });
    // Outside the lock: pruning and the username's count need no order among attempts.
    await db.deleteFrom('sign_in_failures').where('at', '<=', since).execute();
    if (!admission.allowed) return admission;
    const named = await db
      .selectFrom('sign_in_failures')
      .where('username', '=', username)
      .where('at', '>', since)
      .where('id', '!=', admission.attempt.id)
      .select((eb) => eb.fn.countAll<number>().as('failures'))
      .executeTakeFirstOrThrow();
    return { ...admission, delayMs: delayFor(Number(named.failures)) };
  }

  /**
   * The attempt succeeded: it no longer counts. Failures before it stay: one good password
   * unlocks no others, and the delay an attack on the username built up fades with the window.
   */
  async succeeded(attempt: SignInAttempt): Promise<void> {
    await this.database.db.deleteFrom('sign_in_failures').where('id', '=', attempt.id).execute();
  }
}
