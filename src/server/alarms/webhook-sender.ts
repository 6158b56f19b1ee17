import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { checkHost, type ResolvedAddress, type Resolver } from './address-guard';

/** What came of one attempt (redirects included) at a POST. */
export interface SendResult {
  outcome: 'delivered' | 'failed' | 'refused';
  /** Whether another attempt could go differently (a 5xx, a timeout, a connection error). */
  retryable: boolean;
  /** The HTTP status (or SMTP reply code); null when nothing answered. */
  status: number | null;
  /** In words, never with the target URL (it may hold credentials). */
  detail: string;
  /** What the receiver asked for in Retry-After, if anything (ms). */
  retryAfterMs?: number;
  /** The SMS/voice provider's message or call sid, when it accepted one. */
  providerSid?: string | null;
}

export interface PostOptions {
  allowPrivate: boolean;
  /** The whole attempt: resolving, connecting, every redirect, up to the response's head. */
  timeoutMs: number;
  maxRedirects?: number;
  resolve?: Resolver;
}

/** A receiver's answer is not read past this: only its status matters. */
const maxResponseBytes = 64 * 1024;
const defaultMaxRedirects = 3;

/**
 * POSTs `body` to `target` once: the host's addresses are checked (SSRF) and the connection
 * made to the checked one; a redirect is followed only within the same origin (scheme, host and
 * port), a few times at most, each hop checked again.
 */
export async function postWebhook(
  target: string,
  body: string | Buffer,
  headers: Record<string, string>,
  options: PostOptions,
): Promise<SendResult> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url = new URL(target);
  const origin = new URL(target);
  try {
    for (let hop = 0; hop <= (options.maxRedirects ?? defaultMaxRedirects); hop++) {
      const guard = await raceAbort(
        checkHost(url.hostname, { allowPrivate: options.allowPrivate, resolve: options.resolve }),
        signal,
      );
      if (!guard.ok)
        return guard.retryable
          ? { outcome: 'failed', retryable: true, status: null, detail: guard.reason }
          : {
              outcome: 'refused',
              retryable: false,
              status: null,
              detail: `refused: ${guard.reason}`,
            };
      const response = await request(url, guard.address, body, headers, signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && status !== 304 && location) {
        const next = new URL(location, url);
        if (next.protocol !== 'https:' && next.protocol !== 'http:')
          return refused(status, 'redirected to a URL that is not http or https');
        // Only within the origin the channel names: another port is another service.
        if (next.hostname !== origin.hostname)
          return refused(status, 'redirected to another host, which is never followed');
        if (next.protocol !== origin.protocol)
          return refused(
            status,
            `redirected from ${origin.protocol.slice(0, -1)} to ${next.protocol.slice(0, -1)}, which is never followed`,
          );
        if (next.origin !== origin.origin)
          return refused(status, 'redirected to another port, which is never followed');
        // 303 says "see another page": an answer to read, not the place to POST to.
        if (status === 303) return failed(status, false, 'redirected with 303 See Other');
        url = next;
        continue;
      }
      if (status >= 200 && status < 300)
        return { outcome: 'delivered', retryable: false, status, detail: `HTTP ${status}` };
      const retryable = status >= 500 || status === 408 || status === 429;
      return {
        ...failed(status, retryable, `HTTP ${status}`),
        retryAfterMs: retryAfter(response.headers['retry-after']),
      };
    }
    return refused(null, `more than ${options.maxRedirects ?? defaultMaxRedirects} redirects`);
  } catch (error) {
    if (signal.aborted)
      return failed(null, true, `no answer within ${options.timeoutMs} ms (timed out)`);
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    // A certificate that does not verify will not verify in a few seconds either.
    const tls = /CERT|SELF_SIGNED|TLS|SSL|UNABLE_TO_VERIFY/.test(code);
    return failed(null, !tls, `${tls ? 'TLS failed' : 'connection failed'} (${code})`);
  }
}

const refused = (status: number | null, why: string): SendResult => ({
  outcome: 'refused',
  retryable: false,
  status,
  detail: `refused: ${why}`,
});

const failed = (status: number | null, retryable: boolean, detail: string): SendResult => ({
  outcome: 'failed',
  retryable,
  status,
  detail,
});

function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** A lookup that answers the checked address whatever the name: no second resolution. */
function pinned(address: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    const done = callback as (...args: unknown[]) => void;
    if (options.all) done(null, [{ address: address.address, family: address.family }]);
    else done(null, address.address, address.family);
  };
}

/** One POST to `url` over a socket to `address`; resolves with the response's head. */
function request(
  url: URL,
  address: ResolvedAddress,
  body: string | Buffer,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      {
        protocol: url.protocol,
        hostname: url.hostname.replace(/^\[|\]$/g, ''),
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: {
          ...headers,
          'Content-Length': String(Buffer.byteLength(body)),
          'User-Agent': 'Skydeck-Alarms/1',
        },
        // A fresh connection each time: a pooled socket could lead to an address not checked now.
        agent: false,
        lookup: pinned(address),
        signal,
      },
      (response) => {
        let read = 0;
        response.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > maxResponseBytes) response.destroy();
        });
        response.on('error', () => undefined);
        resolve(response);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** Retry-After in seconds or as an HTTP date, in ms from now. */
export function retryAfter(header: string | null | undefined): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}
