import { Hono } from 'hono';
import { cors } from 'hono/cors';
import type { ClientConfig } from '../shared/api/client-config';
import type { Health } from '../shared/api/health';
import { createSimulator } from '../simulator/app';
import { ResponseCache } from './cache/response-cache';
import type { ServerConfig } from './config';
import {
  clientRateLimit,
  compressWhenAccepted,
  readOnly,
  securityHeaders,
} from './http/protection';
import type { Logger } from './log';
import { createMetrics } from './metrics';
import { QuotaLedger } from './quota/ledger';
import { quotaRoutes } from './routes/quota';
import { weatherRoutes } from './routes/weather';
import { createProviderClient, type FetchLike } from './upstream/provider-client';
import { spaRoutes } from './web/spa';

/** Set by the data routes for the request log (read there rather than from response headers). */
export type AppEnv = { Variables: { cacheResult?: string } };

export interface AppOptions {
  config: ServerConfig;
  logger: Logger;
  /** Overrides the upstream `fetch` (tests); by default the simulator in demo mode, the network live. */
  upstreamFetch?: FetchLike;
  /** Milliseconds; the BFF's own clock (cache ages, quota day, rate limits). */
  clock?: () => number;
  /** Waits between retries and for pacing; injectable so tests need not sleep. */
  sleep?: (ms: number) => Promise<void>;
}

/** The simulator's base URL in demo mode: never resolved, the simulator answers in-process. */
const embeddedSimulatorBase = 'http://simulator.internal/v2.0';

export function createApp({ config, logger, upstreamFetch, clock = Date.now, sleep }: AppOptions) {
  const demo = config.mode === 'demo';
  const metrics = createMetrics();
  const ledger = new QuotaLedger(config.dataDir);
  const cache = new ResponseCache(config.cacheMaxBytes, config.staleMaxSeconds);
  const baseFetch =
    upstreamFetch ?? (demo ? embeddedSimulator(config) : (request: Request) => fetch(request));
  const provider = createProviderClient({
    baseUrl: demo && !upstreamFetch ? embeddedSimulatorBase : config.baseUrl,
    apiKey: demo ? `demo-${config.demoPlan}` : (config.apiKey as string),
    fetch: baseFetch,
    ...config.upstream,
    metrics,
    clock,
    sleep,
  });

  const app = new Hono<AppEnv>();
  let nextRequestId = 1;

  app.use('*', async (c, next) => {
    const started = performance.now();
    const requestId = `${Date.now().toString(36)}-${(nextRequestId++).toString(36)}`;
    c.header('X-Request-Id', requestId);
    await next();
    const seconds = (performance.now() - started) / 1000;
    const route = c.req.path.startsWith('/api/')
      ? c.req.path
      : c.req.path === '/metrics'
        ? '/metrics'
        : 'static';
    metrics.requestDuration.observe({ route, status: String(c.res.status) }, seconds);
    logger.info('request', {
      id: requestId,
      method: c.req.method,
      path: c.req.path,
      query: c.req.url.includes('?') ? c.req.url.slice(c.req.url.indexOf('?')) : '',
      status: c.res.status,
      cache: c.get('cacheResult'),
      ms: Math.round(seconds * 10_000) / 10,
    });
  });
  app.use(
    '*',
    securityHeaders({
      frameAncestors: config.frameAncestors,
      extraConnect: config.mapStyleUrl ? [new URL(config.mapStyleUrl).origin] : [],
    }),
  );
  app.use('*', readOnly(config.corsOrigins.length > 0));

  app.onError((error, c) => {
    logger.error('unhandled', { path: c.req.path, message: error.message });
    return c.json({ error: 'Internal error in the Skydeck server' }, 500);
  });

  app.get('/metrics', (c) =>
    c.text(metrics.render(), 200, { 'Content-Type': 'text/plain; version=0.0.4' }),
  );

  const api = new Hono<AppEnv>();
  if (config.corsOrigins.length > 0)
    api.use('*', cors({ origin: config.corsOrigins, allowMethods: ['GET', 'HEAD'] }));
  api.use('*', clientRateLimit(config.clientRateLimit, clock));
  api.use('*', compressWhenAccepted());
  api.get('/health', (c) => c.json({ status: 'ok', mode: config.mode } satisfies Health));
  api.get('/config', (c) =>
    c.json({ mode: config.mode, mapStyleUrl: config.mapStyleUrl ?? null } satisfies ClientConfig),
  );
  api.route(
    '/',
    quotaRoutes({
      ledger,
      cache,
      clock,
      dailyLimit: config.quotaDailyLimit,
      confirmUnits: config.quotaConfirmUnits,
    }),
  );
  api.route(
    '/',
    weatherRoutes({
      provider,
      cache,
      ledger,
      metrics,
      logger,
      clock,
      confirmUnits: config.quotaConfirmUnits,
      forwardFaults: config.forwardFaults,
    }),
  );
  api.all('*', (c) => c.json({ error: `No API route ${c.req.method} ${c.req.path}` }, 404));
  app.route('/api', api);

  app.route('/', spaRoutes(config.staticDir));
  return { app, fetch: app.fetch, metrics, close: () => ledger.close() };
}

function embeddedSimulator(config: ServerConfig): FetchLike {
  const simulator = createSimulator({ now: config.now, faults: config.forwardFaults });
  return (request) => simulator.fetch(request);
}
