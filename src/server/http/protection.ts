import type { MiddlewareHandler } from 'hono';

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
 * same number. Shared by the middleware and the cache fast path, so both draw on one budget.
 */
export class ClientRateLimiter {
  private readonly buckets = new Map<string, { tokens: number; updated: number }>();
  private readonly refillPerMs: number;

  constructor(
    private readonly perMinute: number,
    private readonly clock: () => number,
  ) {
    this.refillPerMs = perMinute / 60_000;
  }

  get enabled(): boolean {
    return this.perMinute > 0;
  }

  /** Takes a token for the client; when none is left, the seconds until one is. */
  take(client: string): { allowed: true } | { allowed: false; retryAfter: number } {
    if (!this.enabled) return { allowed: true };
    const now = this.clock();
    const bucket = this.buckets.get(client) ?? { tokens: this.perMinute, updated: now };
    bucket.tokens = Math.min(
      this.perMinute,
      bucket.tokens + (now - bucket.updated) * this.refillPerMs,
    );
    bucket.updated = now;
    if (this.buckets.size > 10_000) this.buckets.clear();
    this.buckets.set(client, bucket);
    if (bucket.tokens < 1)
      return {
        allowed: false,
        retryAfter: Math.ceil((1 - bucket.tokens) / this.refillPerMs / 1000),
      };
    bucket.tokens -= 1;
    return { allowed: true };
  }
}

/** Over the limit: 429 with the provider's body shape and Retry-After. */
export function clientRateLimit(limiter: ClientRateLimiter): MiddlewareHandler {
  return async (c, next) => {
    if (!limiter.enabled) return next();
    const verdict = limiter.take(clientAddress(c));
    if (verdict.allowed) return next();
    c.header('Retry-After', String(verdict.retryAfter));
    const message = 'Rate limit exceeded. Try again later.';
    return c.json({ error: message, status_code: 429, status_message: message }, 429);
  };
}

function clientAddress(c: Parameters<MiddlewareHandler>[0]): string {
  return socketAddress(c.env);
}

/** The peer address @hono/node-server hands over with each request; requests made in-process (tests) have none. */
export function socketAddress(env: unknown): string {
  const incoming = (env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)
    ?.incoming;
  if (!incoming) return 'in-process';
  return incoming.socket?.remoteAddress ?? 'unknown';
}

/**
 * Security headers for documents: a CSP that lets MapLibre run its worker from a blob and draw
 * from data URLs, nothing loaded from elsewhere unless configured (an online map style), and
 * framing only by the origins FRAME_ANCESTORS names (kiosk embedding).
 */
export function documentSecurityHeaders(options: {
  frameAncestors: string;
  extraConnect: string[];
}): Readonly<Record<string, string>> {
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
  return Object.freeze({
    'Content-Security-Policy': policy,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'geolocation=(), camera=(), microphone=()',
  });
}

/**
 * Security headers for data (the API and /metrics), as OWASP's REST cheat sheet advises: JSON
 * opened directly may run nothing and be framed by no one. The document-only policies (the
 * worker CSP, opener and permissions policies) mean nothing here and would only add bytes.
 */
export const dataSecurityHeaders: Readonly<Record<string, string>> = Object.freeze({
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
});

const isDataPath = (path: string) => path.startsWith('/api/') || path === '/metrics';

export function securityHeaders(
  documentHeaders: Readonly<Record<string, string>>,
): MiddlewareHandler {
  const documentEntries = Object.entries(documentHeaders);
  const dataEntries = Object.entries(dataSecurityHeaders);
  // Set before the handler runs, so they are part of the response it builds: touching a
  // finished response's headers forces @hono/node-server off its fast path (10x slower).
  return async (c, next) => {
    for (const [name, value] of isDataPath(c.req.path) ? dataEntries : documentEntries)
      c.header(name, value);
    await next();
  };
}
