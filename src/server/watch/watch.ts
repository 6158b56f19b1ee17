import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { createDatabase, type DatabaseOptions } from '../db/database';
import type { Logger } from '../log';
import { StatusHub } from './hub';
import { Monitor, type PipelineFetch } from './monitor';
import { watchRoutes } from './routes';
import { eventJson, statusJson } from './site-json';
import { WatchStore } from './store';

export interface WatchOptions {
  database: DatabaseOptions;
  logger: Logger;
  /** Server time, epoch ms: the simulated world's in demo mode. */
  clock: () => number;
  pipeline: PipelineFetch;
  spendLimit: () => { limit: number; source: string } | undefined;
  writeGuards: MiddlewareHandler[];
  operatorOf: (c: Context) => string;
}

/**
 * The watch, assembled: database, store, monitor, the hub that feeds live streams, and its
 * routes. The monitor does not run until `start()`: tests drive it round by round.
 */
export function createWatch(options: WatchOptions) {
  const database = createDatabase(options.database);
  const store = new WatchStore(database);
  const hub = new StatusHub();
  const monitor = new Monitor({
    store,
    fetch: options.pipeline,
    clock: options.clock,
    logger: options.logger,
    onChange: (change) => {
      if (change.event)
        hub.publish({
          event: 'record',
          id: String(change.event.id),
          data: eventJson(change.event),
        });
      hub.publish({
        event: 'status',
        data: { site_id: change.siteId, status: statusJson(change.status, change.storm) },
      });
    },
  });
  const routes = new Hono();
  routes.route(
    '/',
    watchRoutes({
      store,
      monitor,
      hub,
      clock: options.clock,
      logger: options.logger,
      writeGuards: options.writeGuards,
      operatorOf: options.operatorOf,
      spendLimit: options.spendLimit,
    }),
  );
  let closed: Promise<void> | undefined;
  return {
    database,
    store,
    hub,
    monitor,
    routes,
    start: () => monitor.start(),
    /** Ends live streams so a shutdown need not wait for them. */
    drain: () => hub.endAll(),
    close: () =>
      (closed ??= (async () => {
        hub.endAll();
        await monitor.stop();
        await database.close();
      })()),
  };
}

export type Watch = ReturnType<typeof createWatch>;
