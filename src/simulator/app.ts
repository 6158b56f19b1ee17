import { Hono } from 'hono';
import { ProviderError } from './api/provider-error';
import { type SimulatorEnv, type Simulation } from './http/context';
import { currentRoutes } from './http/current-routes';
import { faultInjection, resetMarker } from './http/faults';
import { forecastRoutes } from './http/forecast-routes';
import { historyRoutes } from './http/history-routes';
import { lightningRoutes } from './http/lightning-routes';
import { QuotaBook, VelocityGate } from './http/quota-book';
import { defaultKeys, type PlanId } from './plans';
import { earthSurface } from './geo/surface';
import { createWorld, type World } from './world/world';

export interface SimulatorOptions {
  /** Unix seconds; the simulated "now". */
  now: () => number;
  keys?: ReadonlyMap<string, PlanId>;
  world?: World;
  /** Honour X-Simulator-Fault (SIMULATOR_FAULTS=1). Off by default. */
  faults?: boolean;
  /** Milliseconds, for the per-second velocity limit; the real clock by default. */
  velocityClock?: () => number;
}

const velocityMessage = 'Rate limit exceeded. Try again later.';

/**
 * The Weather Data Service v2.0, simulated. Its `fetch` is a web-standard handler, so the BFF
 * can use it in place of the network in demo mode and a test can serve it on a real port.
 */
export function createSimulator(options: SimulatorOptions) {
  const simulation: Simulation = {
    world: options.world ?? createWorld({ surface: earthSurface }),
    now: options.now,
    quota: new QuotaBook(),
  };
  const keys = options.keys ?? defaultKeys;
  const velocity = new VelocityGate(options.velocityClock);
  const app = new Hono<SimulatorEnv>().basePath('/v2.0');

  app.onError((error, c) => {
    if (error instanceof ProviderError) return c.json(error.body, error.status);
    console.error('simulator: unexpected error', error);
    return c.json({ error: 'Server Error' }, 500);
  });

  if (options.faults) app.use('*', faultInjection());

  app.use('*', async (c, next) => {
    const key = c.req.query('key');
    if (!key) throw new ProviderError(403, { error: 'API key is required.' });
    const plan = keys.get(key);
    if (!plan) throw new ProviderError(403, { error: 'API key not valid, or not yet activated.' });
    if (!velocity.admit(key, plan)) {
      throw new ProviderError(429, {
        error: velocityMessage,
        status_code: 429,
        status_message: velocityMessage,
      });
    }
    c.set('plan', plan);
    c.set('key', key);
    await next();
  });

  app.route('/', currentRoutes(simulation));
  app.route('/', lightningRoutes(simulation));
  app.route('/', forecastRoutes(simulation));
  app.route('/', historyRoutes(simulation));
  app.notFound((c) => c.json({ error: 'Invalid endpoint.' }, 404));

  /** A reset fault has no socket to cut in-process, so it becomes the error fetch would throw. */
  const fetch = async (request: Request, env?: unknown): Promise<Response> => {
    const response = await app.fetch(request, env);
    if (response.headers.has(resetMarker))
      throw new TypeError('fetch failed: connection reset by peer');
    return response;
  };

  return { app, fetch };
}
