import type { Context } from 'hono';
import { type PlanId, plans } from '../../shared/quota/plans';
import type { World } from '../world/world';
import type { QuotaBook } from './quota-book';
import { ProviderError } from '../api/provider-error';

export type SimulatorEnv = { Variables: { plan: PlanId; key: string } };
export type SimulatorContext = Context<SimulatorEnv>;

/** What every route needs: the world, the simulated clock and the quota ledger. */
export interface Simulation {
  world: World;
  now: () => number;
  quota: QuotaBook;
}

export function queryOf(c: SimulatorContext): URLSearchParams {
  return new URL(c.req.url).searchParams;
}

/**
 * Counts a request's units against the key's daily quota and stamps the X-RateLimit headers;
 * over the quota it is answered 429 with the service's message.
 */
export function charge(
  c: SimulatorContext,
  simulation: Simulation,
  units: number,
  historical = false,
): void {
  const now = simulation.now();
  const state = simulation.quota.spend(c.var.key, c.var.plan, units, historical, now);
  c.header('X-RateLimit-Limit', String(state.limit));
  c.header('X-RateLimit-Remaining', String(state.remaining));
  c.header('X-RateLimit-Reset', String(state.resetAt));
  if (state.exceeded) {
    const minutes = ((state.resetAt - now) / 60).toFixed(1);
    const message = `Your request count (${state.calls}) is over the allowed limit of ${state.limit} per day - Upgrade your key, or retry after ${minutes} minutes`;
    throw new ProviderError(429, { error: message, status_code: 429, status_message: message });
  }
}

/** Historical hourly and daily data (and, our choice, all history) need Plus or above. */
export function requireHistoryPlan(c: SimulatorContext): void {
  if (!plans[c.var.plan].history) {
    throw new ProviderError(403, { error: 'Your API key does not allow access to this endpoint.' });
  }
}
