import { Hono } from 'hono';
import { ProviderError } from './api/provider-error';
import { type SimulatorEnv, type Simulation } from './http/context';
import { currentRoutes } from './http/current-routes';
import { type FaultWait, faultInjection, resetMarker } from './http/faults';
import { forecastRoutes } from './http/forecast-routes';
import { historyRoutes } from './http/history-routes';
import { lightningRoutes } from './http/lightning-routes';
import { QuotaBook, VelocityGate } from './http/quota-book';
import type { PlanId } from '../shared/quota/plans';
import { defaultKeys } from './plans';
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
  /** The delay and timeout faults' wait; real timers by default, a test's own to drive. */
  faultWait?: FaultWait;
}

const velocityMessage = 'Rate limit exceeded. Try again later.';

/**
 * The Weather Data Service v2.0, simulated. Its `fetch` is a web-standard handler, so the BFF
 * can use it in place of the network in demo mode and a test can serve it on a real port.
 */
function abortable<T>(work: T | Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    Promise.resolve(work).then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

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

  if (options.faults) app.use('*', faultInjection(options.now, options.faultWait));

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

  /**
   * In process there is no socket, so this behaves as fetch would: it rejects when the caller's
   * signal aborts (a timeout), and a reset fault becomes the TypeError of a dropped connection.
   */
  const fetch = async (request: Request, env?: unknown): Promise<Response> => {
    const response = await abortable(app.fetch(request, env), request.signal);
    if (response.headers.has(resetMarker))
      throw new TypeError('fetch failed: connection reset by peer');
    return response;
  };

  return { app, fetch };
}
