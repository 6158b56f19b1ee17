import { createHash, timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';

/**
 * Guards /metrics with `Authorization: Bearer <token>` when METRICS_TOKEN is set; open without.
 * Both sides are hashed first so the comparison is constant-time whatever the lengths.
 */
export function metricsAuth(token: string | undefined): MiddlewareHandler {
  if (!token) return (_c, next) => next();
  const digest = (value: string) => createHash('sha256').update(value).digest();
  const expected = digest(token);
  return async (c, next) => {
    const presented = /^Bearer +(\S+) *$/i.exec(c.req.header('authorization') ?? '')?.[1];
    if (presented !== undefined && timingSafeEqual(digest(presented), expected)) return next();
    return c.json({ error: 'The metrics need a bearer token' }, 401, {
      'WWW-Authenticate': 'Bearer realm="metrics"',
    });
  };
}
