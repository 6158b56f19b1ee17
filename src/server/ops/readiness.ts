import { Hono } from 'hono';
import type { Ready } from '../../shared/api/health';
import type { Logger } from '../log';
import { describeFailure, type StorageHealth } from '../db/storage-errors';

export interface ReadinessOptions {
  /** Rejects when the database cannot answer or cannot be written (the heartbeat). */
  pingDatabase: () => Promise<void> | void;
  /** Writes the database refused lately: not ready while they fail, even if the ping passes. */
  storage?: StorageHealth;
  breakerState: () => Ready['breaker'];
  /** Whether this replica runs the watch; one process on SQLite always does. */
  watchRole?: () => Ready['watch'];
  logger: Logger;
}

const pingTimeoutMs = 2000;

/**
 * GET /ready for a load balancer or orchestrator, beside /health (liveness: the process answers).
 * `setDraining` is called as shutdown begins, so traffic is sent elsewhere while in-flight
 * requests finish.
 */
export function readiness({
  pingDatabase,
  breakerState,
  watchRole = () => 'leader',
  storage,
  logger,
}: ReadinessOptions) {
  let draining = false;
  const routes = new Hono();
  routes.get('/ready', async (c) => {
    let database: Ready['database'] = 'ok';
    let cause: string | undefined;
    let timer: NodeJS.Timeout | undefined;
    try {
      // A database that does not answer is as bad as one that refuses: the probe stays quick.
      await Promise.race([
        pingDatabase(),
        new Promise((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`no answer within ${pingTimeoutMs} ms`)),
            pingTimeoutMs,
          );
        }),
      ]);
    } catch (error) {
      database = 'error';
      const failure = storage?.note(error);
      cause = failure ? describeFailure(failure) : (error as Error).message;
      logger.error('ready_database', { message: (error as Error).message, code: failure?.code });
    } finally {
      clearTimeout(timer);
    }
    const refused = database === 'ok' ? storage?.recent() : undefined;
    if (refused) {
      database = 'error';
      cause = describeFailure(refused);
    }
    const ready = database === 'ok' && !draining;
    const body: Ready = {
      status: ready ? 'ready' : 'not_ready',
      database,
      breaker: breakerState(),
      watch: watchRole(),
      draining,
      ...(cause === undefined ? {} : { database_error: cause }),
    };
    // A probe must see this instant's state, never a cached one.
    return c.json(body, ready ? 200 : 503, { 'Cache-Control': 'no-store' });
  });
  return {
    routes,
    setDraining: () => {
      draining = true;
    },
  };
}
