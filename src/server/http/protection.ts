import type { MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import { getConnInfo } from '@hono/node-server/conninfo';

/** Only reads: anything but GET and HEAD (and OPTIONS when CORS is on) is refused. */
export function readOnly(allowOptions: boolean): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD' || (allowOptions && method === 'OPTIONS'))
      return next();
    c.header('Allow', allowOptions ? 'GET, HEAD, OPTIONS' : 'GET, HEAD');
    return c.json({ error: `Method ${method} is not allowed: this server only reads` }, 405);
  };
}

/**
 * A token bucket per client address: `perMinute` requests a minute on average, bursts up to the
 * same number. Over it: 429 with the provider's body shape and Retry-After.
 */
export function clientRateLimit(perMinute: number, clock: () => number): MiddlewareHandler {
  const buckets = new Map<string, { tokens: number; updated: number }>();
  const refillPerMs = perMinute / 60_000;
  return async (c, next) => {
    if (perMinute <= 0) return next();
    const client = clientAddress(c);
    const now = clock();
    const bucket = buckets.get(client) ?? { tokens: perMinute, updated: now };
    bucket.tokens = Math.min(perMinute, bucket.tokens + (now - bucket.updated) * refillPerMs);
    bucket.updated = now;
    if (buckets.size > 10_000) buckets.clear();
    buckets.set(client, bucket);
    if (bucket.tokens < 1) {
      const retryAfter = Math.ceil((1 - bucket.tokens) / refillPerMs / 1000);
      c.header('Retry-After', String(retryAfter));
      const message = 'Rate limit exceeded. Try again later.';
      return c.json({ error: message, status_code: 429, status_message: message }, 429);
    }
    bucket.tokens -= 1;
    return next();
  };
}

function clientAddress(c: Parameters<MiddlewareHandler>[0]): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // Requests made in-process (tests) have no socket.
    return 'in-process';
  }
}

/**
 * Security headers: a CSP that lets MapLibre run its worker from a blob and draw from data URLs,
 * nothing loaded from elsewhere unless configured (an online map style), and framing only by
 * the origins FRAME_ANCESTORS names (kiosk embedding).
 */
export function securityHeaders(options: {
  frameAncestors: string;
  extraConnect: string[];
}): MiddlewareHandler {
  const policy = [
    "default-src 'self'",
    "script-src 'self'",
    "worker-src 'self' blob:",
    "child-src 'self' blob:",
    `connect-src 'self' ${options.extraConnect.join(' ')}`.trim(),
    "img-src 'self' data: blob:",
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${options.frameAncestors}`,
  ].join('; ');
  // Set before the handler runs, so they are part of the response it builds: touching a
  // finished response's headers forces @hono/node-server off its fast path (10x slower).
  return async (c, next) => {
    c.header('Content-Security-Policy', policy);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    c.header('Cross-Origin-Opener-Policy', 'same-origin');
    c.header('Permissions-Policy', 'geolocation=(), camera=(), microphone=()');
    await next();
  };
}

/**
 * Compression for clients that ask for it. The check comes first because compressing means
 * reading the finished response's headers, which is only worth paying for when it saves bytes.
 */
export function compressWhenAccepted(): MiddlewareHandler {
  const gzip = compress();
  return (c, next) =>
    /\b(gzip|deflate)\b/.test(c.req.header('accept-encoding') ?? '') ? gzip(c, next) : next();
}
