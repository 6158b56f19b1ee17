import type { MiddlewareHandler } from 'hono';

/** Marks a response the exported fetch turns into a network error (no socket to cut in-process). */
export const resetMarker = 'x-simulator-reset';

const maxDelayMs = 60_000;

/** Resolves after `ms`, or at once when `signal` aborts. */
export type FaultWait = (ms: number, signal: AbortSignal) => Promise<void>;

/**
 * Fault injection for client tests (SIMULATOR_FAULTS=1): the `X-Simulator-Fault` header asks for
 * a 500, 429 or 503, a timeout (no answer until the caller gives up), a connection reset, or
 * `delay=<ms>` before the normal answer.
 */
export function faultInjection(
  now: () => number,
  wait: FaultWait = untilAborted,
): MiddlewareHandler {
  return async (c, next) => {
    const fault = c.req.header('x-simulator-fault')?.trim().toLowerCase();
    if (!fault) return next();
    if (fault === '500') return c.json({ error: 'Server Error' }, 500);
    if (fault === '503') return c.json({ error: 'Service Unavailable' }, 503);
    if (fault === '429') {
      const body = {
        error: 'Rate limit exceeded.',
        status_code: 429,
        status_message: 'Rate limit exceeded.',
      };
      c.header('X-RateLimit-Remaining', '0');
      c.header('X-RateLimit-Reset', String(now() + 60));
      return c.json(body, 429);
    }
    if (fault === 'timeout') {
      await wait(maxDelayMs * 2, c.req.raw.signal);
      return c.json({ error: 'Server Error' }, 500);
    }
    if (fault === 'reset') {
      const socket = (c.env as { incoming?: { socket?: { destroy(): void } } } | undefined)
        ?.incoming?.socket;
      if (socket) socket.destroy();
      return c.body(null, 500, { [resetMarker]: '1' });
    }
    const delay = /^delay=(\d+)$/.exec(fault);
    if (delay) {
      await wait(Math.min(maxDelayMs, Number(delay[1])), c.req.raw.signal);
      return next();
    }
    return c.json(
      {
        error: `Unknown X-Simulator-Fault "${fault}": use 500, 429, 503, timeout, reset or delay=<ms>`,
      },
      400,
    );
  };
}

function untilAborted(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
