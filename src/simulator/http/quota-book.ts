import { type PlanId, plans } from '../../shared/quota/plans';

const day = 86_400;

export interface QuotaState {
  calls: number;
  historical: number;
  limit: number;
  remaining: number;
  resetAt: number;
  exceeded: boolean;
}

/**
 * Units spent per key on the current UTC day; the quota resets at 00:00 UTC. History shares the
 * daily quota ("counts as several requests against the daily quota"), and its share is also
 * kept apart for subscription/usage's historical_* fields.
 */
export class QuotaBook {
  private readonly days = new Map<string, { day: number; calls: number; historical: number }>();

  spend(key: string, plan: PlanId, units: number, historical: boolean, now: number): QuotaState {
    const entry = this.entry(key, now);
    entry.calls += units;
    if (historical) entry.historical += units;
    return this.state(entry, plan, now);
  }

  read(key: string, plan: PlanId, now: number): QuotaState {
    return this.state(this.entry(key, now), plan, now);
  }

  private entry(key: string, now: number) {
    const today = Math.floor(now / day);
    let entry = this.days.get(key);
    if (!entry || entry.day !== today) {
      entry = { day: today, calls: 0, historical: 0 };
      this.days.set(key, entry);
    }
    return entry;
  }

  private state(
    entry: { day: number; calls: number; historical: number },
    plan: PlanId,
    now: number,
  ): QuotaState {
    const limit = plans[plan].dailyCalls;
    return {
      calls: entry.calls,
      historical: entry.historical,
      limit,
      remaining: Math.max(0, limit - entry.calls),
      resetAt: (Math.floor(now / day) + 1) * day,
      exceeded: entry.calls > limit,
    };
  }
}

/**
 * The per-second velocity limit, on the real clock (a pinned SIMULATOR_NOW must not freeze the
 * second): a fixed one-second window per key.
 */
export class VelocityGate {
  private readonly windows = new Map<string, { second: number; count: number }>();

  constructor(private readonly clock: () => number = Date.now) {}

  admit(key: string, plan: PlanId): boolean {
    const second = Math.floor(this.clock() / 1000);
    const window = this.windows.get(key);
    if (!window || window.second !== second) {
      this.windows.set(key, { second, count: 1 });
      return true;
    }
    window.count++;
    return window.count <= plans[plan].perSecond;
  }
}
