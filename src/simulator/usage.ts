import { type PlanId, plans } from './plans';

const day = 86400;

/** Calls counted per key for the current UTC day; the quota resets at 00:00 UTC. */
export class UsageCounter {
  private readonly counts = new Map<string, { day: number; calls: number }>();

  /** Counts `units` calls and tells whether the key was still within its daily quota. */
  spend(key: string, plan: PlanId, units: number, now: number): UsageState {
    const today = Math.floor(now / day);
    const entry = this.counts.get(key);
    const calls = (entry && entry.day === today ? entry.calls : 0) + units;
    this.counts.set(key, { day: today, calls });
    const limit = plans[plan].dailyCalls;
    return {
      calls,
      limit,
      remaining: Math.max(0, limit - calls),
      resetAt: (today + 1) * day,
      exceeded: calls > limit,
    };
  }
}

export interface UsageState {
  calls: number;
  limit: number;
  remaining: number;
  resetAt: number;
  exceeded: boolean;
}
