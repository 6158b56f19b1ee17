import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Logger } from '../log';

export interface ShutdownOptions {
  server: Server;
  /** How long in-flight requests may run after the signal before their connections are cut. */
  graceMs: number;
  logger: Logger;
  /** Called as the drain begins: readiness turns 503. */
  onDrain: () => void;
  /** Called once, when the last connection has closed or the drain was cut short. */
  /** May return a promise (closing a database pool): the exit waits for it, briefly. */
  onClosed: () => unknown;
  exit: (code: number) => void;
  /** Milliseconds, for telling a repeated signal from a second one; injectable for tests. */
  now?: () => number;
}

/**
 * Ctrl-C under `npm start` delivers SIGINT twice, from the terminal and forwarded by npm, a few
 * milliseconds apart: a repeat this soon after the first is the same request, not a second one.
 */
export const repeatWindowMs = 500;

/**
 * Graceful shutdown for SIGTERM/SIGINT: stop accepting, let in-flight requests finish (their
 * answers say `Connection: close`), close each keep-alive connection as soon as it goes idle, and
 * after `graceMs` cut whatever is left. A second signal (past `repeatWindowMs`) ends it at once.
 * Returns the handler; it must be created before the server takes requests, since it tracks the
 * ones in flight.
 */
export function gracefulShutdown({
  server,
  graceMs,
  logger,
  onDrain,
  onClosed,
  exit,
  now = () => performance.now(),
}: ShutdownOptions): (signal: string) => void {
  const inFlight = new Set<ServerResponse>();
  let draining = false;
  let finished = false;
  let signalledAt = 0;

  // Without this an idle keep-alive connection holds server.close() open until its timeout.
  const closeIdleSoon = () => setImmediate(() => server.closeIdleConnections());
  const askToClose = (response: ServerResponse) => {
    if (!response.headersSent) response.setHeader('Connection', 'close');
  };

  server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
    inFlight.add(response);
    if (draining) askToClose(response);
    response.once('close', () => {
      inFlight.delete(response);
      if (draining) closeIdleSoon();
    });
  });

  const finish = (code: number) => {
    if (finished) return;
    finished = true;
    const closing = onClosed();
    if (!(closing instanceof Promise)) return exit(code);
    // The database's last writes are already committed; closing it is tidiness, bounded.
    void Promise.race([
      closing.catch(() => undefined),
      new Promise((resolve) => setTimeout(resolve, 2000).unref()),
    ]).then(() => exit(code));
  };

  return (signal) => {
    if (draining) {
      if (now() - signalledAt < repeatWindowMs) return;
      logger.error('shutdown_forced', { signal, inFlight: inFlight.size });
      server.closeAllConnections();
      finish(1);
      return;
    }
    draining = true;
    signalledAt = now();
    logger.info('shutdown', { signal, graceMs, inFlight: inFlight.size });
    onDrain();
    for (const response of inFlight) askToClose(response);
    const deadline = setTimeout(() => {
      logger.error('shutdown_deadline', { graceMs, inFlight: inFlight.size });
      server.closeAllConnections();
      finish(1);
    }, graceMs);
    server.close(() => {
      clearTimeout(deadline);
      if (finished) return;
      logger.info('shutdown_complete', { ms: Math.round(now() - signalledAt) });
      finish(0);
    });
    server.closeIdleConnections();
  };
}
