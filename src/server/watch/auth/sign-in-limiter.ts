import { LRUCache } from 'lru-cache';

/** Failed sign-ins allowed per address and per username within the window. */
export const signInLimits = { failures: 5, windowMs: 15 * 60_000 } as const;

/**
 * Counts failed sign-ins per client address and per username, so neither one address trying
 * many names nor many addresses trying one name gets more than a handful of guesses a window.
 * Bounded: the least recently seen keys go first.
 */
export class SignInLimiter {
  private readonly failures = new LRUCache<string, number[]>({ max: 10_000 });

  constructor(private readonly clock: () => number) {}

  /** Seconds until another attempt is allowed, or 0. */
  retryAfter(address: string, username: string): number {
    const now = this.clock();
    let wait = 0;
    for (const key of [`a:${address}`, `u:${username.toLowerCase()}`]) {
      const recent = this.recent(key, now);
      if (recent.length >= signInLimits.failures)
        wait = Math.max(
          wait,
          Math.ceil(((recent[0] as number) + signInLimits.windowMs - now) / 1000),
        );
    }
    return wait;
  }

  fail(address: string, username: string): void {
    const now = this.clock();
    for (const key of [`a:${address}`, `u:${username.toLowerCase()}`])
      this.failures.set(key, [...this.recent(key, now), now]);
  }

  /** A success clears the username's count, not the address's: one good password unlocks no others. */
  succeed(username: string): void {
    this.failures.delete(`u:${username.toLowerCase()}`);
  }

  private recent(key: string, now: number): number[] {
    return (this.failures.get(key) ?? []).filter((at) => now - at < signInLimits.windowMs);
  }
}
