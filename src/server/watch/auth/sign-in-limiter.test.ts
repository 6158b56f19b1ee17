import { describe, expect, it } from 'vitest';
import { SignInLimiter } from './sign-in-limiter';

const minute = 60_000;

/** Admits and leaves the attempt counted as failed; the seconds to wait if refused. */
function fail(limiter: SignInLimiter, address: string, username: string): number {
  const admission = limiter.admit(address, username);
  return admission.allowed ? 0 : admission.retryAfter;
}

describe('sign-in limits (5 failures in 15 minutes)', () => {
  it('refuse an address its sixth attempt whatever the name, until its first failure is 15 min old', () => {
    let now = 0;
    const limiter = new SignInLimiter(() => now);
    // Failures at minutes 0, 1, 2, 3, 4 from one address, each under another name.
    for (let i = 0; i < 5; i++) {
      now = i * minute;
      expect(fail(limiter, '198.51.100.7', `user${i}`)).toBe(0);
    }
    now = 5 * minute;
    // The oldest failure (minute 0) lapses at minute 15: 10 minutes, 600 s, from now.
    expect(fail(limiter, '198.51.100.7', 'someone-else')).toBe(600);
    expect(fail(limiter, '198.51.100.8', 'someone-else')).toBe(0);
    now = 15 * minute - 1;
    expect(fail(limiter, '198.51.100.7', 'another')).toBe(1);
    now = 15 * minute;
    expect(fail(limiter, '198.51.100.7', 'another')).toBe(0);
    // Minute 15 now holds a failure again, and minutes 1-4 still count: full once more.
    expect(fail(limiter, '198.51.100.7', 'another')).toBe(60);
  });

  it('refuse a username its sixth attempt from any address, in any case', () => {
    const now = 0;
    const limiter = new SignInLimiter(() => now);
    for (let i = 0; i < 5; i++) expect(fail(limiter, `203.0.113.${i}`, 'admin')).toBe(0);
    expect(fail(limiter, '203.0.113.99', 'ADMIN')).toBe(900);
    expect(fail(limiter, '203.0.113.99', 'chief')).toBe(0);
  });

  it('count attempts still being checked, so a parallel burst gets five guesses, not all', () => {
    const limiter = new SignInLimiter(() => 0);
    const burst = Array.from({ length: 20 }, () => limiter.admit('192.0.2.1', 'admin'));
    expect(burst.filter((admission) => admission.allowed)).toHaveLength(5);
  });

  it('take a success back: it clears the name, and frees its own place at the address only', () => {
    const now = 0;
    const limiter = new SignInLimiter(() => now);
    for (let i = 0; i < 4; i++) fail(limiter, '192.0.2.1', 'admin');
    const good = limiter.admit('192.0.2.1', 'admin');
    if (!good.allowed) throw new Error('the fifth attempt should be admitted');
    limiter.succeeded(good.attempt);
    // The name starts afresh from elsewhere: five more from other addresses.
    for (let i = 0; i < 5; i++) expect(fail(limiter, `192.0.2.${10 + i}`, 'admin')).toBe(0);
    // The address keeps its four failures: one more attempt, then the limit.
    expect(fail(limiter, '192.0.2.1', 'chief')).toBe(0);
    expect(fail(limiter, '192.0.2.1', 'chief')).toBe(900);
  });

  it('keep at most maxKeys keys, forgetting the least recently seen', () => {
    const limiter = new SignInLimiter(() => 0, 4);
    for (let i = 0; i < 5; i++) fail(limiter, '192.0.2.1', 'admin');
    expect(fail(limiter, '192.0.2.1', 'admin')).toBe(900);
    // Two new pairs (four keys) push both of the old ones out.
    fail(limiter, '192.0.2.2', 'b');
    fail(limiter, '192.0.2.3', 'c');
    expect(fail(limiter, '192.0.2.1', 'admin')).toBe(0);
  });
});
