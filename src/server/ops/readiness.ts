import { Hono } from 'hono';
import type { Ready } from '../../shared/api/health';
import type { Logger } from '../log';

export interface ReadinessOptions {
  /** Throws when the quota database cannot answer (QuotaLedger.ping). */
  pingDatabase: () => void;
  breakerState: () => Ready['breaker'];
  logger: Logger;
}

/**
 * GET /ready for a load balancer or orchestrator, beside /health (liveness: the process answers).
 * `setDraining` is called as shutdown begins, so traffic is sent elsewhere while in-flight
 * requests finish.
 */
export function readiness({ pingDatabase, breakerState, logger }: ReadinessOptions) {
  let draining = false;
  const routes = new Hono();
  routes.get('/ready', (c) => {
    let database: Ready['database'] = 'ok';
    try {
      pingDatabase();
    } catch (error) {
      database = 'error';
      logger.error('ready_database', { message: (error as Error).message });
    }
    const ready = database === 'ok' && !draining;
    const body: Ready = {
      status: ready ? 'ready' : 'not_ready',
      database,
      breaker: breakerState(),
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
