import { Hono } from 'hono';
import { alertsResponse } from './api/alerts';
import { currentObservation } from './api/current';
import { parseLanguage, parseUnits, resolveLocation } from './api/location';
import { ProviderError } from './api/provider-error';
import { defaultKeys, type PlanId } from './plans';
import { UsageCounter } from './usage';
import { createWorld, type World } from './world/world';

export interface SimulatorOptions {
  /** Unix seconds; the simulated "now". */
  now: () => number;
  keys?: ReadonlyMap<string, PlanId>;
  world?: World;
}

type SimulatorEnv = { Variables: { plan: PlanId; key: string } };

/**
 * The Weather Data Service v2.0, simulated. Its `fetch` is a web-standard handler, so the BFF
 * can use it in place of the network in demo mode and a test can serve it on a real port.
 */
export function createSimulator(options: SimulatorOptions) {
  const world = options.world ?? createWorld();
  const keys = options.keys ?? defaultKeys;
  const usage = new UsageCounter();
  const app = new Hono<SimulatorEnv>().basePath('/v2.0');

  app.onError((error, c) => {
    if (error instanceof ProviderError) return c.json(error.body, error.status);
    console.error('simulator: unexpected error', error);
    return c.json({ error: 'Server Error' }, 500);
  });

  app.use('*', async (c, next) => {
    const key = c.req.query('key');
    if (!key) throw new ProviderError(403, { error: 'API key is required.' });
    const plan = keys.get(key);
    if (!plan) throw new ProviderError(403, { error: 'API key not valid, or not yet activated.' });
    c.set('plan', plan);
    c.set('key', key);
    await next();
  });

  /** Counts the call against the key's daily quota and stamps the rate-limit headers. */
  const spend = (key: string, plan: PlanId, units: number, headers: Headers) => {
    const state = usage.spend(key, plan, units, options.now());
    headers.set('X-RateLimit-Limit', String(state.limit));
    headers.set('X-RateLimit-Remaining', String(state.remaining));
    headers.set('X-RateLimit-Reset', String(state.resetAt));
    if (state.exceeded) {
      const minutes = ((state.resetAt - options.now()) / 60).toFixed(1);
      const message = `Your request count (${state.calls}) is over the allowed limit of ${state.limit} per day - Upgrade your key, or retry after ${minutes} minutes`;
      throw new ProviderError(429, { error: message, status_code: 429, status_message: message });
    }
  };

  app.get('/current', (c) => {
    const params = new URL(c.req.url).searchParams;
    const place = resolveLocation(params);
    const units = parseUnits(params);
    parseLanguage(params);
    spend(c.var.key, c.var.plan, 1, c.res.headers);
    const observation = currentObservation(world, place, options.now(), units);
    return c.json({ count: 1, data: [observation] }, 200, headersOf(c.res.headers));
  });

  app.get('/alerts', (c) => {
    const params = new URL(c.req.url).searchParams;
    const place = resolveLocation(params);
    spend(c.var.key, c.var.plan, 1, c.res.headers);
    return c.json(alertsResponse(world, place, options.now()), 200, headersOf(c.res.headers));
  });

  app.notFound((c) => c.json({ error: 'Invalid endpoint.' }, 404));

  return { app, fetch: app.fetch };
}

function headersOf(headers: Headers): Record<string, string> {
  return Object.fromEntries(headers.entries());
}
