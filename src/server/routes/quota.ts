import { Hono } from 'hono';
import { endpointSchemas, type EndpointPath } from '../../shared/api/endpoints';
import { parseQuery } from '../http/query';
import type { Quota, QuotaCost } from '../../shared/api/quota';
import { quotaCostQuery } from '../../shared/api/queries';
import { requestCost } from '../quota/request-cost';
import { cacheKey, normalizeQuery } from '../cache/normalize';
import type { ResponseCache } from '../cache/response-cache';
import type { QuotaLedger } from '../quota/ledger';
import { utcDay } from '../quota/ledger';

export interface QuotaDependencies {
  ledger: QuotaLedger;
  cache: ResponseCache;
  clock: () => number;
  /** QUOTA_DAILY_LIMIT, when the operator states it. */
  dailyLimit: number | undefined;
  confirmUnits: number;
}

/**
 * `/api/quota`: what today has cost and what is left; `/api/quota/cost`: what a history request
 * would cost, by the same rules the data routes enforce, before anything is spent.
 */
export function quotaRoutes(deps: QuotaDependencies) {
  const app = new Hono();

  app.get('/quota', async (c) => {
    const now = deps.clock() / 1000;
    const [spent, provider] = await Promise.all([
      deps.ledger.today(now),
      deps.ledger.providerLimits(),
    ]);
    const providerCurrent = provider && provider.reset > now ? provider : undefined;
    const limit = deps.dailyLimit ?? providerCurrent?.limit ?? null;
    const resetAt = (Math.floor(now / 86_400) + 1) * 86_400;
    return c.json({
      day: utcDay(now),
      spent: spent.total,
      by_family: spent.byFamily,
      limit,
      limit_source:
        deps.dailyLimit !== undefined ? 'QUOTA_DAILY_LIMIT' : providerCurrent ? 'provider' : null,
      remaining:
        providerCurrent?.remaining ?? (limit === null ? null : Math.max(0, limit - spent.total)),
      reset_at: new Date(resetAt * 1000).toISOString(),
      confirm_units: deps.confirmUnits,
    } satisfies Quota);
  });

  app.get('/quota/cost', (c) => {
    const params = new URL(c.req.url).searchParams;
    const query = parseQuery(quotaCostQuery, params);
    if (!query.ok) return c.json({ error: query.error }, 400);
    params.delete('endpoint');
    const path: EndpointPath = query.value.endpoint;
    const cost = requestCost(path, Object.fromEntries(params));
    const parsed = parseQuery(endpointSchemas[path], params);
    // A range over the maximum is an answer ("not allowed, and why"), not a bad request.
    if (!parsed.ok && cost.allowed) return c.json({ error: parsed.error }, 400);
    const cached = parsed.ok
      ? deps.cache.lookup(
          cacheKey(path, normalizeQuery(path, parsed.value as Record<string, unknown>)),
          deps.clock() / 1000,
        )
      : undefined;
    return c.json({
      units: cost.units,
      days: cost.days,
      max_days: cost.maxDays,
      allowed: cost.allowed,
      reason: cost.reason,
      needs_confirmation: cost.units >= deps.confirmUnits,
      cached: Boolean(cached?.fresh),
    } satisfies QuotaCost);
  });

  return app;
}
