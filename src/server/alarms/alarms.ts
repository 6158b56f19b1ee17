import type { Context, MiddlewareHandler } from 'hono';
import type { AuditRecorder } from '../audit/audit-log';
import type { AlarmConfig } from '../config';
import type { Logger } from '../log';
import type { WatchStore } from '../watch/store';
import {
  type ChannelKindInfo,
  channelKinds,
  isHttpKind,
  kindInfo,
} from '../../shared/api/channels';
import { checkTarget, guardRule, type Resolver } from './address-guard';
import { AlarmStore } from './alarm-store';
import { AlarmDispatcher, type DispatcherOptions, type SiteView } from './dispatcher';
import { emailUnavailable, smtpMailer } from './mailer';
import { drillRoutes } from './drill-routes';
import { alarmRoutes } from './routes';
import { phoneUnavailable, twilioSender } from './twilio';
import { pushRoutes } from './push-routes';
import { pushSender } from './push-sender';
import { publicOperator, PushStore, type VapidKeys } from './push-store';
import { sharePath } from '../../shared/api/public-status';

export interface AlarmOptions {
  watchStore: WatchStore;
  sites: { get(id: string): SiteView | undefined; list(): SiteView[] };
  /** Server time, epoch ms: the monitor's clock. */
  clock: () => number;
  logger: Logger;
  config: AlarmConfig;
  writeGuards: MiddlewareHandler[];
  /** Any signed-in operator's writes (a drill), with the write header. */
  operatorGuards: MiddlewareHandler[];
  operatorOf: (c: Context) => string;
  /** The audit record of every change. */
  record: AuditRecorder;
  signedIn: (c: Context) => Promise<boolean>;
  /** Start-up work first: migrations, and the monitor's sites read. */
  ready: () => Promise<void>;
  /** This replica and which replicas run (see AlarmDispatcher). */
  replica?: DispatcherOptions['replica'];
  /** Where webhook host names are resolved: the system resolver unless a test names its own. */
  resolve?: Resolver;
}

/** Events a sweep reads back at most, catching up on changes a crash left unrecorded. */
const catchUpLimit = 500;

/** The alarms, assembled: channels in the database, the dispatcher, and their routes. */
export function createAlarms(options: AlarmOptions) {
  const { watchStore, config } = options;
  const store = new AlarmStore(watchStore.db);
  const pushStore = new PushStore(watchStore.db);
  // From the environment, or the pair in the database (made by the first replica to ask).
  let vapid: Promise<VapidKeys> | undefined;
  const vapidKeys = (): Promise<VapidKeys> => {
    if (config.push.keys) return Promise.resolve(config.push.keys);
    vapid ??= options
      .ready()
      .then(() => pushStore.vapidKeys(options.clock()))
      .catch((error: unknown) => {
        vapid = undefined;
        throw error;
      });
    return vapid;
  };
  const dispatcher = new AlarmDispatcher({
    store,
    events: {
      get: (id) => watchStore.getEvent(id),
      since: (since) => watchStore.listEvents({ since, limit: catchUpLimit }),
      latestOf: async (siteId) => (await watchStore.listEvents({ siteId, limit: 1 }))[0],
      previousOf: async (siteId, beforeId) =>
        (await watchStore.listEvents({ siteId, beforeId, limit: 1 }))[0],
    },
    sites: options.sites,
    clock: options.clock,
    logger: options.logger,
    config,
    mailer:
      config.smtpUrl && config.from
        ? smtpMailer({ url: config.smtpUrl, from: config.from, timeoutMs: config.timeoutMs })
        : undefined,
    phone: config.twilio && twilioSender(config.twilio, config.timeoutMs),
    push: {
      listFor: (siteId) => pushStore.listFor(siteId),
      get: (id) => pushStore.get(id),
      send: pushSender({
        store: pushStore,
        keys: vapidKeys,
        subject: config.push.subject,
        allowPrivate: config.allowPrivate,
        timeoutMs: config.timeoutMs,
        resolve: options.resolve,
        publicLink: async (subscription) => {
          const [siteId] = subscription.sites ?? [];
          if (subscription.operator !== publicOperator || siteId === undefined) return undefined;
          const share = await watchStore.db
            .selectFrom('site_shares')
            .select('token')
            .where('site_id', '=', siteId)
            .executeTakeFirst();
          return share && `${config.publicUrl}${sharePath(share.token)}`;
        },
      }),
    },
    ready: options.ready,
    replica: options.replica,
    resolve: options.resolve,
  });
  // Why each way of sending is not set up here; null when it is.
  const unavailable: Record<ChannelKindInfo['transport'], string | null> = {
    http: null,
    email: config.smtpUrl && config.from ? null : emailUnavailable,
    phone: config.twilio ? null : phoneUnavailable,
  };
  const routes = alarmRoutes({
    store,
    dispatcher,
    clock: options.clock,
    writeGuards: options.writeGuards,
    operatorOf: options.operatorOf,
    record: options.record,
    signedIn: options.signedIn,
    siteExists: async (id) => (await watchStore.getSite(id)) !== undefined,
    kinds: channelKinds.map((kind) => {
      const reason = unavailable[kindInfo(kind).transport];
      return {
        kind,
        available: reason === null,
        reason,
        target_rule: isHttpKind(kind) ? guardRule(config.allowPrivate) : null,
      };
    }),
    checkTarget: (target) =>
      checkTarget(target, { allowPrivate: config.allowPrivate, resolve: options.resolve }),
    ready: options.ready,
  });
  routes.route(
    '/',
    drillRoutes({
      store,
      dispatcher,
      clock: options.clock,
      writeGuards: options.operatorGuards,
      operatorOf: options.operatorOf,
      record: options.record,
      site: options.sites.get,
      ready: options.ready,
    }),
  );
  routes.route(
    '/',
    pushRoutes({
      store: pushStore,
      keys: vapidKeys,
      clock: options.clock,
      operatorGuards: options.operatorGuards,
      operatorOf: options.operatorOf,
      record: options.record,
      siteExists: async (id) => (await watchStore.getSite(id)) !== undefined,
      checkEndpoint: (endpoint) =>
        checkTarget(endpoint, { allowPrivate: config.allowPrivate, resolve: options.resolve }),
      ready: options.ready,
    }),
  );
  return {
    store,
    dispatcher,
    routes,
    /** A level change was recorded. */
    notify: dispatcher.notify.bind(dispatcher),
    /** A forecast notice of a no-go day (see OutlookNotifier). */
    outlook: dispatcher.outlook.bind(dispatcher),
    /** One round of reminders and catching up (tests drive it on a fake clock). */
    sweep: () => dispatcher.sweep(),
    /** Resolves once nothing is waiting or on its way. */
    idle: () => dispatcher.idle(),
    start: (intervalMs?: number) => dispatcher.start(intervalMs),
    /** Another replica runs the watch now. */
    stopDispatching: () => dispatcher.stopDispatching(),
    close: () => dispatcher.close(),
  };
}
