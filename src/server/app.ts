import { Hono } from 'hono';
import { compress } from 'hono/compress';
import type { ClientConfig } from '../shared/api/client-config';
import type { Health } from '../shared/api/health';
import { createSimulator } from '../simulator/app';
import type { ServerConfig } from './config';
import type { Logger } from './log';
import { weatherRoutes } from './routes/weather';
import { createProviderClient, type FetchLike } from './upstream/provider-client';
import { spaRoutes } from './web/spa';

export interface AppOptions {
  config: ServerConfig;
  logger: Logger;
  /** Overrides the upstream `fetch` (tests); by default the simulator in demo mode, the network live. */
  upstreamFetch?: FetchLike;
}

/** The simulator's base URL in demo mode: never resolved, the simulator answers in-process. */
const embeddedSimulatorBase = 'http://simulator.internal/v2.0';

export function createApp({ config, logger, upstreamFetch }: AppOptions) {
  const demo = config.mode === 'demo';
  const provider = createProviderClient({
    baseUrl: demo && !upstreamFetch ? embeddedSimulatorBase : config.baseUrl,
    apiKey: demo ? `demo-${config.demoPlan}` : (config.apiKey as string),
    fetch: upstreamFetch ?? (demo ? embeddedSimulator(config) : (request) => fetch(request)),
    timeoutMs: config.upstreamTimeoutMs,
  });

  const app = new Hono();
  let nextRequestId = 1;

  app.use('*', async (c, next) => {
    const started = performance.now();
    const requestId = `${Date.now().toString(36)}-${(nextRequestId++).toString(36)}`;
    c.header('X-Request-Id', requestId);
    await next();
    logger.info('request', {
      id: requestId,
      method: c.req.method,
      path: c.req.path,
      query: new URL(c.req.url).search,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  });

  app.onError((error, c) => {
    logger.error('unhandled', { path: c.req.path, message: error.message });
    return c.json({ error: 'Internal error in the Skydeck server' }, 500);
  });

  const api = new Hono();
  api.use('*', compress());
  api.get('/health', (c) => c.json({ status: 'ok', mode: config.mode } satisfies Health));
  api.get('/config', (c) =>
    c.json({ mode: config.mode, mapStyleUrl: config.mapStyleUrl ?? null } satisfies ClientConfig),
  );
  api.route('/', weatherRoutes(provider));
  api.all('*', (c) => c.json({ error: `No API route ${c.req.method} ${c.req.path}` }, 404));
  app.route('/api', api);

  app.route('/', spaRoutes(config.staticDir));
  return app;
}

function embeddedSimulator(config: ServerConfig): FetchLike {
  const simulator = createSimulator({ now: config.now });
  return async (request) => simulator.fetch(request);
}
