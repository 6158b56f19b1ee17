import { Hono } from 'hono';
import { cors } from 'hono/cors';
import type { ClientConfig } from '../shared/api/client-config';
import type { Health } from '../shared/api/health';
import { ResponseCache } from './cache/response-cache';
import type { ServerConfig } from './config';
import { createDatabase, unreachable } from './db/database';
import { heartbeat } from './db/heartbeat';
import { databaseUnreachableError, StorageHealth, unwritableError } from './db/storage-errors';
import { embeddedSimulator } from './demo/embedded-simulator';
import { ValidatedTargets } from './cache/validated-targets';
import { createCacheFastPath } from './http/cache-fast-path';
import type { AppEnv } from './http/app-env';
import {
  ClientRateLimiter,
  clientRateLimit,
  readOnly,
  documentSecurityHeaders,
  clientIdentity,
  TrustedProxies,
  allowedHostsGuard,
  cameOverHttps,
  strictTransportSecurity,
} from './http/protection';
import { plainRequestText } from './http/plain-text';
import { openApiDocument } from './http/openapi';
import { apiDocsPage } from './http/api-docs-page';
import { routeLabels } from './http/request-recorder';
import { createResponseWriter, exposedHeaders } from './http/response-writer';
import type { Logger } from './log';
import { createMetrics } from './metrics';
import { metricsAuth } from './ops/metrics-auth';
import { readiness } from './ops/readiness';
import { QuotaLedger } from './quota/ledger';
import { basemapRoutes, pmtilesPath } from './routes/basemap';
import { placeRoutes } from './routes/places';
import { quotaRoutes } from './routes/quota';
import { weatherRoutes } from './routes/weather';
import { createProviderClient, type FetchLike } from './upstream/provider-client';
import { realTimers, type Timers } from './upstream/timers';
import { spaRoutes } from './web/spa';
import type { PipelineFetch } from './watch/monitor';
import { createWatch } from './watch/watch';
import type { Resolver } from './alarms/address-guard';
import { type StreamBounds, streamBoundDefaults } from './watch/routes';
import { postgresCoordinator, singleProcess } from './replicas/coordinator';
import { SharedProviderCache } from './cache/shared-cache';
import { plans } from '../shared/quota/plans';
import { writablePathTest } from '../shared/api/routes';

export interface AppOptions {
  config: ServerConfig;
  logger: Logger;
  /** Overrides the upstream `fetch` (tests); by default the simulator in demo mode, the network live. */
  upstreamFetch?: FetchLike;
  /** Milliseconds; the BFF's own clock (cache ages, quota day, rate limits, stream drain). */
  clock?: () => number;
  /** What the provider deadlines run on (a request's deadline, attempts, pacing, backoff). */
  timers?: Timers;
  /** Where webhook host names are resolved: tests name hosts that exist only for them. */
  resolveHost?: Resolver;
  /** Tests narrow or widen what a live stream may owe a client that does not read. */
  streamBounds?: Partial<Pick<StreamBounds, 'maxUnsentBytes' | 'drainTimeoutMs'>>;
}

/** The env the watch's own requests carry through the weather routes: who is asking. */
const watchEnv = { skydeckWatch: true } as const;
/** The watch's client name in the ledger; it answers to the daily budget, not a client's. */
export const watchClient = 'skydeck-watch';

/** Paths under which the watch takes writes (each guarded by its own middleware). */
const writablePath = writablePathTest();

/** The simulator's base URL in demo mode: never resolved, the simulator answers in-process. */
const embeddedSimulatorBase = 'http://simulator.internal/v2.0';

export function createApp({
  config,
  logger,
  upstreamFetch,
  clock = Date.now,
  timers = realTimers,
  streamBounds,
  resolveHost,
}: AppOptions) {
  const demo = config.mode === 'demo';
  const metrics = createMetrics();
  // One database for the ledger and the watch: SQLite in DATA_DIR, or the replicas' PostgreSQL.
  const database = createDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    // A replica may start before its PostgreSQL does: it waits (readiness says 503 meanwhile).
    connectRetryMs: 10 * 60_000,
    logger,
  });
  const ledger = new QuotaLedger(database);
  const cache = new ResponseCache(config.cacheMaxBytes, config.staleMaxSeconds);
  // Replicas on PostgreSQL share the watch (one runs it), its news, and provider answers; one
  // process on SQLite has nobody to share with, and its path stays as it was.
  const coordinator = config.databaseUrl
    ? postgresCoordinator({
        databaseUrl: config.databaseUrl,
        database,
        logger,
        ...config.replicas,
      })
    : singleProcess();
  const sharedCache = config.databaseUrl
    ? new SharedProviderCache({ databaseUrl: config.databaseUrl, ready: database.ready, logger })
    : undefined;
  const baseFetch: FetchLike =
    upstreamFetch ?? (demo ? embeddedSimulator(config) : (url, init) => fetch(url, init));
  const provider = createProviderClient({
    baseUrl: demo && !upstreamFetch ? embeddedSimulatorBase : config.baseUrl,
    apiKey: demo ? `demo-${config.demoPlan}` : (config.apiKey as string),
    fetch: baseFetch,
    ...config.upstream,
    metrics,
    clock,
    timers,
  });

  const app = new Hono<AppEnv>();
  const trustedProxies = new TrustedProxies(config.trustProxy);
  const limiter = new ClientRateLimiter(config.clientRateLimit, clock, trustedProxies);
  const targets = new ValidatedTargets();
  // The weather's own clock: the simulated world's "now" in demo mode (pinned by
  // SIMULATOR_NOW in tests), the real one with a provider.
  const serverTime = demo ? () => config.now() * 1000 : clock;
  // Answers age on the same clock that dates them: an answer's time is the server's time less
  // its age, and a strike's time its age in that answer, so in a simulated world (pinned, or
  // moved on by a test) an age counted on the wall clock would date its strikes wrongly. The
  // quota day is the world's too, as the simulator counts its plan's days.
  const answerClock = serverTime;
  const writer = createResponseWriter({
    metrics,
    logger,
    routeOf: routeLabels(app),
    serverTime,
    documentHeaders: documentSecurityHeaders({
      frameAncestors: config.frameAncestors,
      extraConnect: config.mapStyleUrl ? [new URL(config.mapStyleUrl).origin] : [],
    }),
    publicPageHeaders: documentSecurityHeaders({
      frameAncestors: config.embedOrigins.length > 0 ? config.embedOrigins.join(' ') : "'none'",
      extraConnect: [],
    }),
    everyAnswer: config.behindTls ? strictTransportSecurity : undefined,
  });

  const hosts = allowedHostsGuard(config.allowedHosts);
  app.use('*', writer.middleware());
  app.use('*', hosts.middleware);
  app.use('*', readOnly(config.corsOrigins.length > 0, writablePath));

  // Writes the database refused for want of space or write access: readiness reports them.
  const storage = new StorageHealth(clock);
  app.onError((error, c) => {
    const failure = storage.note(error);
    if (failure) {
      // The operator's problem, not the client's nor a bug: 503, and the engine's own words.
      logger.error('database-unwritable', {
        path: c.req.path,
        code: failure.code,
        message: failure.message,
      });
      return c.json({ error: unwritableError(failure) }, 503, { 'Retry-After': '30' });
    }
    if (unreachable(error)) {
      // PostgreSQL stopped or restarting: the request was fine and may be asked again soon.
      logger.error('database-unreachable', {
        path: c.req.path,
        code: (error as { code?: string }).code ?? null,
        message: error.message,
      });
      return c.json({ error: databaseUnreachableError }, 503, { 'Retry-After': '10' });
    }
    logger.error('unhandled', { path: c.req.path, message: error.message });
    return c.json({ error: 'Internal error in the Skydeck server' }, 500);
  });

  app.use('/metrics', metricsAuth(config.metricsToken));
  app.get('/metrics', async (c) =>
    c.text(await metrics.render(), 200, { 'Content-Type': metrics.contentType }),
  );

  const ready = readiness({
    // A real write, each replica its own row: a database that reads but cannot write is not ready.
    pingDatabase: () => heartbeat(database, coordinator.id, clock()),
    storage,
    breakerState: () => provider.breakerState(),
    watchRole: () => coordinator.role,
    logger,
  });
  const api = new Hono<AppEnv>();
  if (config.corsOrigins.length > 0)
    api.use(
      '*',
      cors({
        origin: config.corsOrigins,
        allowMethods: ['GET', 'HEAD'],
        exposeHeaders: exposedHeaders,
      }),
    );
  // Probes come before the rate limit: answered here, they never reach it.
  api.get('/health', (c) => c.json({ status: 'ok', mode: config.mode } satisfies Health));
  api.route('/', ready.routes);
  api.use('*', clientRateLimit(limiter));
  api.use('*', plainRequestText());
  let document: { json: string; page: string } | undefined;
  // Built on first read, not at start-up: most processes are never asked for it.
  const published = () => {
    if (!document) {
      const built = openApiDocument();
      document = { json: JSON.stringify(built), page: apiDocsPage(built) };
    }
    return document;
  };
  api.get('/openapi.json', (c) =>
    c.body(published().json, 200, { 'Content-Type': 'application/json; charset=utf-8' }),
  );
  // A page, not data: its own styles may apply, and nothing else (no script, no frame).
  api.get('/docs', (c) =>
    c.html(published().page, 200, {
      'Content-Security-Policy':
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    }),
  );
  api.get('/config', (c) =>
    c.json({
      mode: config.mode,
      mapStyleUrl: config.mapStyleUrl ?? null,
      basemapPmtilesUrl: config.basemapPmtiles ? pmtilesPath : null,
      plan: demo ? config.demoPlan : null,
    } satisfies ClientConfig),
  );
  api.route('/', placeRoutes());
  api.route(
    '/',
    quotaRoutes({
      ledger,
      cache,
      clock: answerClock,
      dailyLimit: config.quotaDailyLimit,
      confirmUnits: config.quotaConfirmUnits,
    }),
  );
  const weather = weatherRoutes({
    targets,
    provider,
    cache,
    ledger,
    writer,
    metrics,
    logger,
    clock: answerClock,
    confirmUnits: config.quotaConfirmUnits,
    budgets: { daily: config.quotaDailyLimit, perClient: config.clientDailyUnits },
    deadlineMs: config.upstreamDeadlineMs,
    timers,
    clientOf: (c) =>
      c.env === watchEnv ? watchClient : clientIdentity(c.env, c.req.raw.headers, trustedProxies),
    unmeteredClient: watchClient,
    secrets: config.apiKey ? [config.apiKey] : [],
    forwardFaults: config.forwardFaults,
    shared: sharedCache,
    storage,
  });
  api.route('/', weather);

  // The watch asks through the same routes as any client: validation, cache, coalescing,
  // the ledger and the quota guard all apply to it.
  const pipeline: PipelineFetch = async (endpoint, query, maxAgeS) => {
    const response = await weather.request(
      `/${endpoint}?${new URLSearchParams(query).toString()}`,
      { headers: { 'cache-control': `max-age=${maxAgeS}` } },
      watchEnv,
    );
    const text = await response.text();
    return {
      status: response.status,
      body: text ? (JSON.parse(text) as unknown) : null,
      ageS: Number(response.headers.get('age') ?? 0),
    };
  };
  const watch = createWatch({
    database,
    logger,
    clock: serverTime,
    pipeline,
    spendLimit: () => {
      if (config.quotaDailyLimit !== undefined)
        return { limit: config.quotaDailyLimit, source: 'QUOTA_DAILY_LIMIT' };
      if (demo)
        return {
          limit: plans[config.demoPlan].dailyCalls,
          source: `the ${plans[config.demoPlan].name} plan`,
        };
      const provider = ledger.knownProviderLimits();
      return provider && { limit: provider.limit, source: 'the provider plan' };
    },
    adminPassword: config.adminPassword,
    coordinator,
    seedDemo: demo,
    alarms: config.alarms,
    resolveHost,
    streams: {
      ...streamBoundDefaults,
      ...streamBounds,
      perClient: config.streamPerClient,
      clock,
    },
    clientOf: (c) => clientIdentity(c.env, c.req.raw.headers, trustedProxies),
    // Behind a trusted TLS-terminating proxy the page came over https even if we did not.
    secure: (c) => cameOverHttps(c.req.url, c.env, c.req.raw.headers, trustedProxies),
  });
  api.route('/', watch.routes);
  api.all('*', (c) => c.json({ error: `No API route ${c.req.method} ${c.req.path}` }, 404));
  app.route('/api', api);

  // Outside /api: a map view reads dozens of ranges a second, which the API's rate limit is not for.
  if (config.basemapPmtiles) app.route('/', basemapRoutes(config.basemapPmtiles));
  app.route('/', spaRoutes(config.staticDir, { serveSourceMaps: config.serveSourceMaps }));

  // Cross-origin answers need the CORS middleware's headers, so they all take the routed path.
  const fastPath =
    config.corsOrigins.length === 0
      ? createCacheFastPath({ targets, cache, clock: answerClock, limiter, writer })
      : undefined;
  const serveRequest = (request: Request, env?: unknown) =>
    (hosts.allows(request.url) ? fastPath?.(request, env) : undefined) ?? app.fetch(request, env);
  return {
    app,
    fetch: serveRequest,
    metrics,
    watch,
    /** Closes the watch (its monitor and streams), its link to the other replicas, then the database. */
    close: async () => {
      await watch.close();
      await coordinator.close();
      await sharedCache?.close();
      await database.close();
    },
    /**
     * Shutdown has begun: /api/ready answers 503 from now on, and a leader hands the watch over
     * at once rather than after the requests in flight.
     */
    setDraining: () => {
      ready.setDraining();
      watch.drain();
      void coordinator.close();
    },
  };
}
