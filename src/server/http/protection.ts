import { BlockList, isIP } from 'node:net';
import type { MiddlewareHandler } from 'hono';
import { LRUCache } from 'lru-cache';

/** Only reads: anything but GET and HEAD (and OPTIONS when CORS is on) is refused. */
export function readOnly(
  allowOptions: boolean,
  writable: (path: string) => boolean = () => false,
): MiddlewareHandler {
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD' || (allowOptions && method === 'OPTIONS'))
      return next();
    // The watch's writes have their own guards (an operator's session, a forgery check).
    if (writable(c.req.path)) return next();
    c.header('Allow', allowOptions ? 'GET, HEAD, OPTIONS' : 'GET, HEAD');
    return c.json({ error: `Method ${method} is not allowed: this server only reads` }, 405);
  };
}

/** How a client is told from another: headers are read only behind a trusted proxy. */
export interface HeaderReader {
  get(name: string): string | null;
}

/**
 * TRUST_PROXY: the reverse proxies (addresses and CIDR ranges, IPv4 and IPv6) whose
 * X-Forwarded-For is believed. Empty by default: the socket's peer is the client.
 */
export class TrustedProxies {
  private readonly list = new BlockList();
  // BlockList.check() with a string builds a SocketAddress each time: ~2.8 us, three times a
  // request behind a proxy (the peer and two hops), against ~0.1 us for a remembered verdict.
  private readonly verdicts = new LRUCache<string, boolean>({ max: 10_000 });
  readonly empty: boolean;

  constructor(entries: readonly string[]) {
    for (const entry of entries) {
      const range = parseAddressRange(entry);
      if (!range) throw new Error(`Not an IP address or CIDR range: ${entry}`);
      this.list.addSubnet(range.address, range.prefix, range.family);
    }
    this.empty = entries.length === 0;
  }

  /** Whether a normalised address (see `normalizeAddress`) is one of the proxies. */
  has(address: string): boolean {
    if (this.empty) return false;
    let trusted = this.verdicts.get(address);
    if (trusted === undefined) {
      const family = isIP(address);
      trusted = family !== 0 && this.list.check(address, family === 4 ? 'ipv4' : 'ipv6');
      this.verdicts.set(address, trusted);
    }
    return trusted;
  }
}

/** `10.0.0.0/8`, `2001:db8::/32` or a single address; undefined when it is neither. */
export function parseAddressRange(
  entry: string,
): { address: string; prefix: number; family: 'ipv4' | 'ipv6' } | undefined {
  const [text = '', bits, extra] = entry.trim().split('/');
  const address = normalizeAddress(text);
  if (address === undefined || extra !== undefined) return undefined;
  const family = isIP(address) === 4 ? 'ipv4' : 'ipv6';
  const width = family === 'ipv4' ? 32 : 128;
  if (bits === undefined) return { address, prefix: width, family };
  const prefix = Number(bits);
  if (!/^\d{1,3}$/.test(bits) || prefix > width) return undefined;
  return { address, prefix, family };
}

/**
 * An address as a socket or a proxy writes it, in one spelling: IPv4-mapped IPv6
 * (`::ffff:1.2.3.4`) as IPv4, IPv6 in lower case without brackets or zone, any port dropped
 * (some proxies write `1.2.3.4:5678` or `[2001:db8::1]:443`). Undefined when it is no address.
 */
export function normalizeAddress(raw: string): string | undefined {
  let text = raw.trim();
  if (isIP(text) === 4) return text;
  if (text.startsWith('[')) {
    const close = text.indexOf(']');
    if (close === -1) return undefined;
    text = text.slice(1, close);
  } else if (text.indexOf(':') === text.lastIndexOf(':')) text = text.split(':')[0] ?? '';
  const zone = text.indexOf('%');
  if (zone !== -1) text = text.slice(0, zone);
  text = text.toLowerCase();
  const family = isIP(text);
  if (family === 4) return text;
  if (family !== 6) return undefined;
  if (!text.startsWith('::ffff:')) return text;
  const mapped = text.slice('::ffff:'.length);
  if (isIP(mapped) === 4) return mapped;
  const groups = mapped.split(':');
  if (groups.length !== 2) return text;
  const [high, low] = groups.map((group) => parseInt(group, 16)) as [number, number];
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/**
 * The address a request comes from: the socket's peer, unless the peer is a trusted proxy. Then
 * X-Forwarded-For is read from the right, each trusted proxy skipped, and the first address not
 * trusted is the client: entries further left are whatever the client chose to send, so a
 * spoofed left-most entry never wins. An entry that is no address (a proxy's `unknown`) ends the
 * walk at the proxy that wrote it. Requests made in-process (tests) are `in-process`.
 */
export function clientAddress(
  env: unknown,
  headers: HeaderReader,
  trusted: TrustedProxies,
): string {
  const peer = socketAddress(env);
  let client = normalizeAddress(peer) ?? peer;
  if (!trusted.has(client)) return client;
  const hops = headers.get('x-forwarded-for')?.split(',') ?? [];
  for (const written of hops.reverse()) {
    const hop = normalizeAddress(written);
    if (hop === undefined) break;
    client = hop;
    if (!trusted.has(hop)) break;
  }
  return client;
}

/**
 * The key a client's budgets are kept under (this rate limit; quotas may share it): its address,
 * with an IPv6 address cut to its /64. One IPv6 host is normally given a whole /64 and can pick
 * a new address in it at will (privacy addresses), so a key per address would let one client
 * mint fresh budgets and push everyone else's out of the table.
 */
export function clientIdentity(env: unknown, headers: HeaderReader, trusted: TrustedProxies) {
  const address = clientAddress(env, headers, trusted);
  return address.includes(':') ? ipv6Prefix64(address) : address;
}

/** `2001:db8:1:2::/64` for any address in that /64 (however it was compressed). */
function ipv6Prefix64(address: string): string {
  const [head = '', tail] = address.split('::');
  const groups = head === '' ? [] : head.split(':');
  // With `::`, the groups after it only matter when fewer than four come before it.
  if (tail !== undefined && groups.length < 4) {
    const after = tail === '' ? [] : tail.split(':');
    const afterCount = after.length + (after.at(-1)?.includes('.') ? 1 : 0);
    groups.push(...Array<string>(8 - groups.length - afterCount).fill('0'), ...after);
  }
  const prefix = groups.slice(0, 4).map((group) => parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}

/**
 * A token bucket per client: `perMinute` requests a minute on average, bursts up to the same
 * number. Shared by the middleware and the cache fast path, so both draw on one budget and tell
 * clients apart the same way. Buckets are kept for the `maxClients` most recently seen clients:
 * past that, the least recently seen one goes (it starts again with a full bucket if it comes
 * back), so a crowd of new addresses never wipes the budgets of everyone else at once.
 *
 * Its own small bucket rather than rate-limiter-flexible's RateLimiterMemory. Measured here
 * (Node 20, two shared cores, per call): a token from this bucket 80-130 ns (one client, or
 * 10,000 in turn), 140 ns with the client worked out from the socket, 0.9-1.6 us behind a
 * trusted proxy (X-Forwarded-For read); `await consume()` 400-800 ns, 1.5-2 us to refuse (it
 * rejects a promise). The costs are close; what decides is that consume() would make the
 * synchronous cache fast path asynchronous, keeps a timer per client, reads Date.now() rather
 * than the app's clock (which tests move), and bounds its table by time rather than by count.
 */
export class ClientRateLimiter {
  private readonly buckets: LRUCache<string, { tokens: number; updated: number }>;
  private readonly refillPerMs: number;

  constructor(
    private readonly perMinute: number,
    private readonly clock: () => number,
    readonly trusted = new TrustedProxies([]),
    maxClients = 10_000,
  ) {
    this.refillPerMs = perMinute / 60_000;
    this.buckets = new LRUCache({ max: maxClients });
  }

  get enabled(): boolean {
    return this.perMinute > 0;
  }

  /** Takes a token for the client a request comes from (see `clientIdentity`). */
  admit(env: unknown, headers: HeaderReader): Verdict {
    return this.take(clientIdentity(env, headers, this.trusted));
  }

  /** Takes a token for the client; when none is left, the seconds until one is. */
  take(client: string): Verdict {
    if (!this.enabled) return { allowed: true };
    const now = this.clock();
    let bucket = this.buckets.get(client);
    if (bucket) {
      bucket.tokens = Math.min(
        this.perMinute,
        bucket.tokens + (now - bucket.updated) * this.refillPerMs,
      );
      bucket.updated = now;
    } else {
      bucket = { tokens: this.perMinute, updated: now };
      this.buckets.set(client, bucket);
    }
    if (bucket.tokens < 1)
      return {
        allowed: false,
        retryAfter: Math.ceil((1 - bucket.tokens) / this.refillPerMs / 1000),
      };
    bucket.tokens -= 1;
    return { allowed: true };
  }
}

export type Verdict = { allowed: true } | { allowed: false; retryAfter: number };

/**
 * Probes are answered whatever a client has spent: a load balancer or monitor must not be told
 * the server is down because a dashboard behind the same proxy was busy. (The SPA's files and
 * /metrics are outside /api and never pass through this middleware.)
 */
export const probePaths: ReadonlySet<string> = new Set(['/api/health', '/api/ready']);

/** Over the limit: 429 with the provider's body shape and Retry-After. */
export function clientRateLimit(limiter: ClientRateLimiter): MiddlewareHandler {
  return async (c, next) => {
    if (!limiter.enabled || probePaths.has(c.req.path)) return next();
    const verdict = limiter.admit(c.env, c.req.raw.headers);
    if (verdict.allowed) return next();
    c.header('Retry-After', String(verdict.retryAfter));
    const message = 'Rate limit exceeded. Try again later.';
    return c.json({ error: message, status_code: 429, status_message: message }, 429);
  };
}

/**
 * Whether a request came over https: its own URL says so, or the socket's peer is a trusted
 * proxy (TRUST_PROXY) that ended TLS and says so in X-Forwarded-Proto. From anyone else the
 * header is whatever the client chose to send.
 */
export function cameOverHttps(
  url: string,
  env: unknown,
  headers: HeaderReader,
  trusted: TrustedProxies,
): boolean {
  if (url.startsWith('https:')) return true;
  if (headers.get('x-forwarded-proto') !== 'https') return false;
  const peer = socketAddress(env);
  return trusted.has(normalizeAddress(peer) ?? peer);
}

/** A year: what browsers' preload lists ask of HSTS, once PUBLIC_URL is https. */
export const strictTransportSecurity = { 'Strict-Transport-Security': 'max-age=31536000' } as const;

/** A host name as ALLOWED_HOSTS compares it (lower case, IPv6 in brackets, any port dropped). */
export function hostName(host: string): string | undefined {
  const text = host.trim();
  if (!text || /[/?#@\s]/.test(text)) return undefined;
  try {
    return new URL(`http://${text}`).hostname || undefined;
  } catch {
    return undefined;
  }
}

/**
 * ALLOWED_HOSTS: a request whose Host is not one of `hosts` gets 421 before any route runs, so
 * a page on another name that a DNS rebinding points at this server reads and writes nothing.
 * Probes (/api/health, /api/ready) are answered whatever the Host: a load balancer asks by the
 * replica's own address, and they say nothing worth rebinding for. Loopback names are always
 * answered: a browser sends them only to a page that addressed this machine itself, never for
 * a rebound name, and they keep `curl localhost` working on the host. No list: every Host.
 * `allows` is for the cache fast path, which answers ahead of the middleware.
 */
export function allowedHostsGuard(hosts: readonly string[] | undefined) {
  const allowed = new Set([...(hosts ?? []), 'localhost', '127.0.0.1', '[::1]']);
  const allows = (url: string) => !hosts || allowed.has(new URL(url).hostname);
  const middleware: MiddlewareHandler = async (c, next) => {
    if (probePaths.has(c.req.path) || allows(c.req.url)) return next();
    return c.json(
      { error: 'This server does not answer for the host this request names (ALLOWED_HOSTS)' },
      421,
    );
  };
  return { allows, middleware };
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
