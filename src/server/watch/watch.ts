import { type Context, Hono } from 'hono';
import { createAlarms } from '../alarms/alarms';
import type { AlarmConfig } from '../config';
import { ensureAdmin, sessionRoutes } from './auth/session-routes';
import { csrfGuard, type OperatorEnv, requireOperator, sessionOperator } from './auth/sessions';
import type { WatchDatabase } from '../db/database';
import type { Logger } from '../log';
import { seedDemoSites } from './demo-sites';
import { StatusHub } from './hub';
import { Monitor, type PipelineFetch, type SiteRuntime } from './monitor';
import type { SiteView } from '../alarms/dispatcher';
import { watchRoutes } from './routes';
import { eventJson, statusJson } from './site-json';
import { WatchStore } from './store';

export interface WatchOptions {
  /** Shared with the quota ledger; whoever made it closes it, after the watch. */
  database: WatchDatabase;
  logger: Logger;
  /** Server time, epoch ms: the simulated world's in demo mode. */
  clock: () => number;
  pipeline: PipelineFetch;
  spendLimit: () => { limit: number; source: string } | undefined;
  /** Demo mode: seed a few sites on first start. */
  seedDemo: boolean;
  /** SKYDECK_ADMIN_PASSWORD. */
  adminPassword: string | undefined;
  /** The client's address, for sign-in limits. */
  clientOf: (c: Context) => string;
  /** Whether cookies must be Secure for this request. */
  secure: (c: Context) => boolean;
  /** Channels and how alarms go out (issue 16). */
  alarms: AlarmConfig;
}

/**
 * The watch, assembled: database, store, monitor, the hub that feeds live streams, and its
 * routes. The monitor does not run until `start()`: tests drive it round by round.
 */
export function createWatch(options: WatchOptions) {
  const { database } = options;
  const store = new WatchStore(database);
  const hub = new StatusHub();
  const monitor = new Monitor({
    store,
    ready: () => ready,
    fetch: options.pipeline,
    clock: options.clock,
    logger: options.logger,
    onChange: (change) => {
      if (change.event) {
        hub.publish({
          event: 'record',
          id: String(change.event.id),
          data: eventJson(change.event),
        });
        alarms.notify(change.event);
      }
      hub.publish({
        event: 'status',
        data: { site_id: change.siteId, status: statusJson(change.status, change.storm) },
      });
    },
  });
  // Sign-in waits for the admin account the environment asks for, the monitor for the seeds.
  const ready = database.ready.then(async () => {
    const admin = await ensureAdmin(store, options.adminPassword, options.clock());
    // Said once at start-up: a reset has just signed admin out everywhere.
    if (admin === 'created' || admin === 'reset') options.logger.info('admin-account', { admin });
    if (options.seedDemo) {
      const limit = options.spendLimit();
      const seeded = await seedDemoSites(store, options.clock(), limit?.limit);
      if (seeded > 0) options.logger.info('demo-sites', { seeded, limit: limit?.limit ?? null });
    }
  });
  ready.catch((error: unknown) =>
    options.logger.error('watch-start', { message: (error as Error).message }),
  );
  const writeGuards = [
    csrfGuard({ secure: options.secure }),
    requireOperator(store, options.clock),
  ];
  const operatorOf = (c: Context) =>
    (c as Context<OperatorEnv>).get('operator')?.username ?? 'unknown';
  const alarms = createAlarms({
    watchStore: store,
    sites: {
      get: (id) => siteView(monitor.get(id)),
      list: () => monitor.list().map((runtime) => siteView(runtime) as SiteView),
    },
    clock: options.clock,
    logger: options.logger,
    config: options.alarms,
    writeGuards,
    operatorOf,
    signedIn: async (c) => (await sessionOperator(c, store, options.clock())) !== undefined,
    ready: () => monitor.ready(),
  });
  const routes = new Hono<OperatorEnv>();
  routes.route(
    '/',
    sessionRoutes({
      store,
      ready,
      clock: options.clock,
      clientOf: options.clientOf,
      secure: options.secure,
      logger: options.logger,
    }),
  );
  routes.route(
    '/',
    watchRoutes({
      store,
      monitor,
      hub,
      clock: options.clock,
      logger: options.logger,
      writeGuards,
      operatorOf,
      spendLimit: options.spendLimit,
    }),
  );
  routes.route('/', alarms.routes);
  let closed: Promise<void> | undefined;
  return {
    database,
    ready,
    store,
    hub,
    monitor,
    alarms,
    routes,
    start: () => {
      monitor.start();
      alarms.start();
    },
    /** Ends live streams so a shutdown need not wait for them. */
    drain: () => hub.endAll(),
    close: () =>
      (closed ??= (async () => {
        hub.endAll();
        await monitor.stop();
        // Deliveries on their way finish (their timeout bounds it) before the database closes.
        await alarms.close();
      })()),
  };
}

export type Watch = ReturnType<typeof createWatch>;

function siteView(runtime: SiteRuntime | undefined): SiteView | undefined {
  return (
    runtime && {
      id: runtime.site.id,
      name: runtime.site.name,
      lat: runtime.site.lat,
      lon: runtime.site.lon,
      level: runtime.status.level,
    }
  );
}
