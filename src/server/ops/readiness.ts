import { Hono } from 'hono';
import type { Ready } from '../../shared/api/health';
import type { Logger } from '../log';

export interface ReadinessOptions {
  /** Rejects when the database cannot answer (QuotaLedger.ping). */
  pingDatabase: () => Promise<void> | void;
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
  logger,
}: ReadinessOptions) {
  let draining = false;
  const routes = new Hono();
  routes.get('/ready', async (c) => {
    let database: Ready['database'] = 'ok';
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
      logger.error('ready_database', { message: (error as Error).message });
    } finally {
      clearTimeout(timer);
    }
    const ready = database === 'ok' && !draining;
    const body: Ready = {
      status: ready ? 'ready' : 'not_ready',
      database,
      breaker: breakerState(),
      watch: watchRole(),
      draining,
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
