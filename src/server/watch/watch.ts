import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { createAlarms } from '../alarms/alarms';
import { capRoutes, capService } from '../cap/cap-routes';
import { checkTarget, type Resolver } from '../alarms/address-guard';
import type { AlarmConfig } from '../config';
import { AuditLog } from '../audit/audit-log';
import { auditRoutes } from '../audit/audit-routes';
import { operatorRoutes } from './auth/operator-routes';
import { requireAdmin } from './auth/roles';
import {
  ensureAdmin,
  ensureSetupCode,
  sessionRoutes,
  setupCodeMessage,
} from './auth/session-routes';
import { csrfGuard, type OperatorEnv, requireOperator, sessionOperator } from './auth/sessions';
import type { WatchDatabase } from '../db/database';
import type { Logger } from '../log';
import { seedDemoSites } from './demo-sites';
import { StatusHub } from './hub';
import { outlookRoutes } from './outlook-routes';
import { Monitor, type PipelineFetch, type SiteRuntime } from './monitor';
import type { SiteView } from '../alarms/dispatcher';
import { reportRoutes } from './report-routes';
import { type StreamBounds, watchRoutes } from './routes';
import { OutlookNotifier } from './outlook-notice';
import { openSince } from './schedule';
import { eventJson, statusJson } from './site-json';
import type { StatusMessage } from '../../shared/api/watch-answers';
import { WatchStore } from './store';
import { type ReplicaCoordinator, singleProcess } from '../replicas/coordinator';
import { relayWatch } from './replica-relay';
import { shareRoutes } from './share-routes';
import { StationStore } from '../stations/station-store';
import { stationRoutes } from '../stations/station-routes';

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
  /** The client's address, for sign-in limits and the live streams' share per client. */
  clientOf: (c: Context) => string;
  /** Whether cookies must be Secure for this request. */
  secure: (c: Context) => boolean;
  /** Channels and how alarms go out (issue 16). */
  alarms: AlarmConfig;
  /** Where webhook host names are resolved (tests); the system resolver by default. */
  resolveHost?: Resolver;
  /**
   * Which replica runs the watch, and how replicas tell each other of changes: PostgreSQL's
   * advisory lock and NOTIFY, or (by default) one process that always leads.
   */
  coordinator?: ReplicaCoordinator;
  /** How long a standby waits for the leader to judge a site changed on it. */
  judgeTimeoutMs?: number;
  /** Live streams: how many one client may hold, and what each may owe a client that does not read. */
  streams: StreamBounds & { perClient: number };
}

/**
 * The watch, assembled: database, store, monitor, the hub that feeds live streams, and its
 * routes. The monitor does not run until `start()`: tests drive it round by round. From
 * `start()` on, it runs only while this replica leads (always, on SQLite); a standby serves the
 * same routes and streams from what the leader stores and tells.
 */
export function createWatch(options: WatchOptions) {
  const { database } = options;
  const coordinator = options.coordinator ?? singleProcess();
  const store = new WatchStore(database);
  const hub = new StatusHub(undefined, options.streams.perClient);
  const stations = new StationStore(database.db);
  const monitor = new Monitor({
    stations,
    siteChanged: (siteId, leading) => relay.siteChanged(siteId, leading),
    afterRound: (now): void => outlookNotices.start(now),
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
        data: {
          site_id: change.siteId,
          status: statusJson(change.status, change.storm, change.offHours),
        } satisfies StatusMessage,
      });
    },
  });
  // Sign-in waits for the admin account the environment asks for, the monitor for the seeds.
  const audit = new AuditLog(database.db, options.clock);
  const ready = database.ready.then(async () => {
    const admin = await ensureAdmin(store, options.adminPassword, options.clock());
    // Said once at start-up: a reset has just signed admin out everywhere.
    if (admin === 'created' || admin === 'reset') {
      options.logger.info('admin-account', { admin });
      await audit.append({
        operator: 'SKYDECK_ADMIN_PASSWORD',
        address: 'local',
        action: admin === 'created' ? 'operator.create' : 'operator.password',
        target: 'admin',
        detail: admin === 'created' ? { role: 'admin' } : {},
      });
    }
    if (admin === 'not-asked') {
      const code = await ensureSetupCode(store, options.clock());
      if (code) options.logger.info('setup-code', { code, message: setupCodeMessage });
    }
    if (options.seedDemo) {
      const limit = options.spendLimit();
      // Replicas starting together on one database: one seeds, the others find it done.
      const seeded = await store.exclusively('demo-sites', () =>
        seedDemoSites(store, options.clock(), limit?.limit),
      );
      if (seeded > 0) options.logger.info('demo-sites', { seeded, limit: limit?.limit ?? null });
    }
  });
  ready.catch((error: unknown) =>
    options.logger.error('watch-start', { message: (error as Error).message }),
  );
  let closing = false;
  let roleChange: Promise<void> = Promise.resolve();
  const relay = relayWatch({
    coordinator,
    hub,
    monitor,
    store,
    logger: options.logger,
    judgeTimeoutMs: options.judgeTimeoutMs,
    roleSettled: () => roleChange,
  });
  hub.relayTo(relay.relay);
  const writeGuards = [
    csrfGuard({ secure: options.secure }),
    requireOperator(store, options.clock),
  ];
  const operatorOf = (c: Context) =>
    (c as Context<OperatorEnv>).get('operator')?.username ?? 'unknown';
  // Channels, operators and settings: admins only.
  const adminGuards = [...writeGuards, requireAdmin() as MiddlewareHandler];
  const record = audit.recorder(
    (c) => (c as Context<OperatorEnv>).get('operator')?.username,
    options.clientOf,
  );
  const alarms = createAlarms({
    watchStore: store,
    sites: {
      get: (id) => siteView(monitor.get(id)),
      list: () => monitor.list().map((runtime) => siteView(runtime) as SiteView),
    },
    clock: options.clock,
    logger: options.logger,
    config: options.alarms,
    writeGuards: adminGuards,
    operatorGuards: writeGuards,
    operatorOf,
    record,
    signedIn: async (c) => (await sessionOperator(c, store, options.clock())) !== undefined,
    ready: () => monitor.ready(),
    replica: { id: coordinator.id, alive: (ids) => coordinator.alive(ids) },
    resolve: options.resolveHost,
  });

  // The forecast notice (issue 32 §1), checked after each round the leader judges.
  const outlookNotices = new OutlookNotifier({
    fetch: options.pipeline,
    clock: options.clock,
    logger: options.logger,
    sites: (): SiteRuntime[] => monitor.list(),
    recorded: async (siteId, day) =>
      (await alarms.store.getOutlookNotice(siteId, day)) !== undefined,
    tell: (runtime, notice) => alarms.outlook(siteView(runtime) as SiteView, notice),
  });

  coordinator.onRole((role) => {
    if (role === 'standby') {
      // At once, not after whatever is queued: a replica that lost the lock writes nothing more.
      monitor.setLeading(false);
      alarms.stopDispatching();
      return;
    }
    roleChange = roleChange
      .then(async () => {
        // The new leader starts from what the last one stored, not from its own memory. A
        // database that fails the read now is read again by the rounds, which wait for it.
        await monitor
          .reload()
          .catch((error: unknown) =>
            options.logger.error('watch-takeover', { message: (error as Error).message }),
          );
        if (coordinator.role !== 'leader' || closing) return;
        monitor.setLeading(true);
        monitor.start();
        alarms.start();
      })
      .catch((error: unknown) =>
        options.logger.error('watch-takeover', { message: (error as Error).message }),
      );
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
      record,
    }),
  );
  routes.route('/', operatorRoutes({ store, clock: options.clock, writeGuards, record }));
  routes.route(
    '/',
    auditRoutes({ audit, clock: options.clock, guards: [requireOperator(store, options.clock)] }),
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
      record,
      spendLimit: options.spendLimit,
      clientOf: options.clientOf,
      streams: options.streams,
    }),
  );
  // CAP 1.2 for sirens and signage: a site's status, its drills, and the Atom feed of both.
  const cap = capService({
    store,
    drills: alarms.store,
    monitor,
    clock: options.clock,
    publicUrl: options.alarms.publicUrl,
  });
  routes.route(
    '/',
    shareRoutes({
      database,
      monitor,
      hub,
      clock: options.clock,
      logger: options.logger,
      writeGuards,
      operatorOf,
      record,
      clientOf: options.clientOf,
      streams: options.streams,
      cap,
      publicPush: {
        writeGuards: [csrfGuard({ secure: options.secure })],
        checkEndpoint: (endpoint) =>
          checkTarget(endpoint, {
            allowPrivate: options.alarms.allowPrivate,
            resolve: options.resolveHost,
          }),
      },
    }),
  );
  routes.route('/', alarms.routes);
  routes.route(
    '/',
    outlookRoutes({
      monitor,
      fetch: options.pipeline,
      clock: options.clock,
      logger: options.logger,
    }),
  );
  routes.route('/', capRoutes(cap));
  routes.route(
    '/',
    reportRoutes({
      store,
      monitor,
      clock: options.clock,
      guards: [requireOperator(store, options.clock)],
    }),
  );
  // A site's own weather stations, and their uploads (issue 32).
  routes.route(
    '/',
    stationRoutes({
      store: stations,
      clock: options.clock,
      writeGuards,
      operatorOf,
      record,
      siteExists: async (id) => {
        await monitor.ready();
        return monitor.get(id) !== undefined;
      },
      ready: () => database.ready,
    }),
  );
  let closed: Promise<void> | undefined;
  return {
    database,
    ready,
    store,
    audit,
    hub,
    monitor,
    alarms,
    outlookNotices,
    cap,
    routes,
    coordinator,
    /** Whether this replica runs the watch now. */
    role: () => coordinator.role,
    /** Contends for the watch: runs it at once on SQLite, or when this replica wins the lock. */
    start: () => {
      if (coordinator.role !== 'leader') monitor.setLeading(false);
      void relay.start().finally(() => coordinator.start());
    },
    /** Ends live streams so a shutdown need not wait for them. */
    drain: () => hub.endAll(),
    close: () =>
      (closed ??= (async () => {
        closing = true;
        hub.endAll();
        await roleChange;
        await monitor.stop();
        await outlookNotices.idle();
        // Deliveries on their way finish (their timeout bounds it) before the database closes.
        await alarms.close();
      })()),
  };
}

function siteView(runtime: SiteRuntime | undefined): SiteView | undefined {
  return (
    runtime && {
      id: runtime.site.id,
      name: runtime.site.name,
      lat: runtime.site.lat,
      lon: runtime.site.lon,
      level: runtime.status.level,
      offHours: runtime.offHours,
      openSince: (nowMs, earliest) =>
        openSince(runtime.schedule, runtime.timeZone, nowMs, earliest),
      timeZone: runtime.timeZone,
    }
  );
}
