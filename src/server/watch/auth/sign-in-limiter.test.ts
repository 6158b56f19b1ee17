import { afterAll, describe, expect, it } from 'vitest';
import type { WatchDatabase } from '../../db/database';
import { engines, openTestDatabase } from '../../testing/test-database';
import { delayFor, SignInLimiter, usernameDelay } from './sign-in-limiter';

const minute = 60_000;
const opened: WatchDatabase[] = [];
afterAll(async () => {
  for (const database of opened) await database.close();
});

async function limiterAt(engine: (typeof engines)[number]) {
  const database = await openTestDatabase(engine);
  opened.push(database);
  const clock = { now: 0 };
  return { clock, database, limiter: new SignInLimiter(database, () => clock.now) };
}

/** Admits and leaves the attempt counted as failed; the seconds to wait if refused. */
async function fail(limiter: SignInLimiter, address: string, username: string): Promise<number> {
  const admission = await limiter.admit(address, username);
  return admission.allowed ? 0 : admission.retryAfter;
}

describe('the delay a username’s failures ask for', () => {
  it('is nothing for the first few, then doubles, and never passes a few seconds', () => {
    const free = usernameDelay.freeFailures;
    expect(Array.from({ length: free }, (_, i) => delayFor(i))).toEqual(Array(free).fill(0));
    expect([free, free + 1, free + 2].map(delayFor)).toEqual([250, 500, 1000]);
    expect(delayFor(1_000_000)).toBe(usernameDelay.maxMs);
    expect(usernameDelay.maxMs).toBeLessThanOrEqual(5000);
  });
});

describe.each(engines)('sign-in limits in the database (%s)', (engine) => {
  it('refuse an address its sixth attempt whatever the name, until its first failure is 15 min old', async () => {
    const { clock, limiter } = await limiterAt(engine);
    // Failures at minutes 0, 1, 2, 3, 4 from one address, each under another name.
    for (let i = 0; i < 5; i++) {
      clock.now = i * minute;
      expect(await fail(limiter, '198.51.100.7', `user${i}`)).toBe(0);
    }
    clock.now = 5 * minute;
    // The oldest failure (minute 0) lapses at minute 15: 10 minutes, 600 s, from now.
    expect(await fail(limiter, '198.51.100.7', 'someone-else')).toBe(600);
    expect(await fail(limiter, '198.51.100.8', 'someone-else')).toBe(0);
    clock.now = 15 * minute - 1;
    expect(await fail(limiter, '198.51.100.7', 'another')).toBe(1);
    clock.now = 15 * minute;
    expect(await fail(limiter, '198.51.100.7', 'another')).toBe(0);
    // Minute 15 now holds a failure again, and minutes 1-4 still count: full once more.
    expect(await fail(limiter, '198.51.100.7', 'another')).toBe(60);
  });

  it('only slow a username failing from many addresses: never refuse it a new address', async () => {
    const { limiter } = await limiterAt(engine);
    for (let i = 0; i < 20; i++) expect(await fail(limiter, `203.0.113.${i}`, 'admin')).toBe(0);
    const fresh = await limiter.admit('203.0.113.99', 'admin');
    expect(fresh).toMatchObject({ allowed: true, delayMs: usernameDelay.maxMs });
    const other = await limiter.admit('203.0.113.99', 'chief');
    expect(other).toMatchObject({ allowed: true, delayMs: 0 });
  });

  it('count attempts still being checked, so a parallel burst gets five guesses, not all', async () => {
    const { limiter } = await limiterAt(engine);
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => limiter.admit('192.0.2.1', 'admin')),
    );
    expect(burst.filter((admission) => admission.allowed)).toHaveLength(5);
  });

  it('take a success back: it frees its own place at the address only', async () => {
    const { limiter } = await limiterAt(engine);
    for (let i = 0; i < 4; i++) await fail(limiter, '192.0.2.1', 'admin');
    const good = await limiter.admit('192.0.2.1', 'admin');
    if (!good.allowed) throw new Error('the fifth attempt should be admitted');
    await limiter.succeeded(good.attempt);
    // The address keeps its four failures: one more attempt, then the limit.
    expect(await fail(limiter, '192.0.2.1', 'chief')).toBe(0);
    expect(await fail(limiter, '192.0.2.1', 'chief')).toBe(900);
  });

  it('keep an address’s count however many other addresses fail meanwhile', async () => {
    const { limiter } = await limiterAt(engine);
    for (let i = 0; i < 5; i++) await fail(limiter, '192.0.2.1', 'admin');
    for (let i = 0; i < 200; i++) await fail(limiter, `10.2.${i >> 8}.${i & 255}`, `name${i}`);
    expect(await fail(limiter, '192.0.2.1', 'admin')).toBe(900);
  });
});
