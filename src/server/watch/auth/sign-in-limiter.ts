import { LRUCache } from 'lru-cache';

/** Failed sign-ins allowed per address and per username within the window. */
export const signInLimits = { failures: 5, windowMs: 15 * 60_000 } as const;

/** An attempt under way: counted as a failure until it is known to have succeeded. */
export interface SignInAttempt {
  readonly address: string;
  readonly username: string;
  readonly at: number;
}

export type Admission =
  { allowed: true; attempt: SignInAttempt } | { allowed: false; retryAfter: number };

/**
 * Counts failed sign-ins per client address and per username, so neither one address trying
 * many names nor many addresses trying one name gets more than a handful of guesses a window.
 *
 * An attempt counts as a failure from the moment it is admitted: checking a password takes a
 * quarter of a second, and a limit that only counted finished failures would let a burst of
 * parallel guesses all through before the first was counted. A success takes its count back.
 *
 * Bounded: past `maxKeys` the least recently seen keys go first. Usernames are counted without
 * regard to case, so `Admin` and `admin` share one budget.
 */
export class SignInLimiter {
  private readonly failures: LRUCache<string, number[]>;

  constructor(
    private readonly clock: () => number,
    maxKeys = 10_000,
  ) {
    this.failures = new LRUCache({ max: maxKeys });
  }

  /** Admits an attempt and counts it, or says in how many seconds one will be allowed. */
  admit(address: string, username: string): Admission {
    const now = this.clock();
    const keys = keysOf(address, username);
    let wait = 0;
    for (const key of keys) {
      const recent = this.recent(key, now);
      if (recent.length >= signInLimits.failures)
        wait = Math.max(wait, (recent[0] as number) + signInLimits.windowMs - now);
    }
    if (wait > 0) return { allowed: false, retryAfter: Math.ceil(wait / 1000) };
    for (const key of keys) this.failures.set(key, [...this.recent(key, now), now]);
    return { allowed: true, attempt: { address, username, at: now } };
  }

  /**
   * The attempt succeeded: it no longer counts against its address, and the username's
   * failures are forgotten (its owner is back). The address keeps its other failures: one good
   * password unlocks no others.
   */
  succeeded(attempt: SignInAttempt): void {
    const [addressKey, usernameKey] = keysOf(attempt.address, attempt.username);
    this.failures.delete(usernameKey);
    const stamps = this.failures.get(addressKey);
    const index = stamps?.lastIndexOf(attempt.at) ?? -1;
    if (stamps && index !== -1) stamps.splice(index, 1);
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((at) => now - at < signInLimits.windowMs);
  }
}

function keysOf(address: string, username: string): [string, string] {
  return [`a:${address}`, `u:${username.toLowerCase()}`];
}
