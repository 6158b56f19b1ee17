import type { Metrics } from '../metrics';
import { realTimers, type Timers } from './timers';

/**
 * The one path to the Weather Data Service, for demo and live alike: in demo mode `fetch` is the
 * simulator's handler, in live mode the network's. Every call runs against one deadline that
 * covers pacing, attempts and backoff; it retries what may succeed on a second try, keeps a pace
 * below the provider's velocity limit, stops asking after a 429 until the reset, and stops calling
 * a failing provider for a while (a circuit breaker).
 */
export type FetchLike = (
  url: string,
  init: { headers: Record<string, string>; signal: AbortSignal },
) => Promise<Response>;

export interface ProviderClientOptions {
  baseUrl: string;
  apiKey: string;
  fetch: FetchLike;
  /** One attempt's limit; the call's deadline may cut it shorter. */
  timeoutMs: number;
  /** Extra attempts after a 5xx, a reset or a timeout. */
  retries: number;
  /** Base of the exponential backoff between attempts. */
  backoffMs: number;
  /** Requests a second the BFF allows itself, below the plan's velocity limit. */
  ratePerSecond: number;
  /** Calls that may wait for a pacing slot at once; past it a call is refused at once. */
  queueMax: number;
  /** A provider answer larger than this is refused while it streams in. */
  maxBodyBytes: number;
  /** Consecutive failed requests that open the circuit, and how long it stays open. */
  breakerThreshold: number;
  breakerCooldownMs: number;
  metrics: Metrics;
  /** Wall-clock milliseconds (quota resets are Unix times); injectable for tests. */
  clock?: () => number;
  /** The deadlines' clock and timers (pacing, attempts, backoff); injectable for tests. */
  timers?: Timers;
  random?: () => number;
}

/** What one call may spend: its deadline, its cancellation, and its quota bookkeeping. */
export interface ProviderCall {
  /** Milliseconds on the client's `timers` by which the call, pacing and retries included, ends. */
  deadline: number;
  /** Aborts the call: nobody is waiting for it any more. */
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * Asked before each attempt goes out, so the spend is on record before the provider can count
   * it; throws to stop the call (a quota budget is used up). Returns how to settle the attempt
   * once its outcome is known: `charged` false when the provider certainly did not count it. A
   * crash before settling leaves the reservation standing.
   */
  reserve?: () => Promise<(charged: boolean) => Promise<void>>;
}

export interface ProviderResponse {
  status: number;
  /** Parsed JSON, or null for an empty body. */
  body: unknown;
  headers: Headers;
}

export type UpstreamFailure =
  | 'unreachable'
  | 'timeout'
  | 'circuit-open'
  | 'rate-limited'
  | 'bad-response'
  | 'busy'
  | 'budget'
  | 'cancelled';

/** The provider could not give an answer worth passing on. */
export class UpstreamError extends Error {
  constructor(
    readonly kind: UpstreamFailure,
    readonly status: 502 | 503 | 504 | 429,
    message: string,
    /** Seconds until asking again makes sense. */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

/** A 429 whose reset is further off than this is the daily quota, not the per-second limit. */
const velocityWindowSeconds = 5;

/**
 * The longest the BFF believes a provider's "come back later": a far-future reset (a clock gone
 * wrong, a hostile proxy) must not silence the provider for days.
 */
export const maxRetryAfterSeconds = 3600;

/** Too little time left for an attempt to be worth sending. */
const minimumAttemptMs = 50;

/** Seconds until the provider's X-RateLimit-Reset, at least 1 and at most an hour. */
export function secondsToReset(headers: Headers, nowSeconds: number): number {
  const reset = Number(headers.get('x-ratelimit-reset'));
  const seconds = Number.isFinite(reset) && reset > 0 ? Math.ceil(reset - nowSeconds) : 1;
  return Math.min(maxRetryAfterSeconds, Math.max(1, seconds));
}

/** Connection errors that mean the request never reached the provider, so it counted nothing. */
const notSentCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH']);

function neverSent(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } } | undefined)?.cause;
  return typeof cause?.code === 'string' && notSentCodes.has(cause.code);
}

export function createProviderClient(options: ProviderClientOptions) {
  const clock = options.clock ?? Date.now;
  const random = options.random ?? Math.random;
  const timers = options.timers ?? realTimers;
  const pacer = createPacer(options.ratePerSecond, options.queueMax, timers);
  let consecutiveFailures = 0;
  let openUntil = 0;
  let halfOpenTrial = false;
  let quotaHeldUntil = 0;

  const breakerState = () => {
    if (openUntil === 0) return 'closed' as const;
    return clock() < openUntil ? ('open' as const) : ('half-open' as const);
  };

  const attempt = async (
    url: string,
    endpoint: string,
    call: ProviderCall,
  ): Promise<ProviderResponse> => {
    await pacer(call.deadline, call.signal);
    const settle = await call.reserve?.();
    const timeoutMs = Math.min(options.timeoutMs, call.deadline - timers.now());
    // The controller is held by the timer's closure, and the answer is raced against it: the
    // deadline fires whatever the fetch implementation does with its signal, garbage collection
    // included (a signal nothing references, such as AbortSignal.timeout()'s, can be collected
    // before it fires, leaving the socket to the fetch library's five-minute header timeout).
    const controller = new AbortController();
    const cancelTimer = timers.after(Math.max(0, timeoutMs), () =>
      controller.abort(new DOMException('deadline', 'TimeoutError')),
    );
    const cancel = () => controller.abort(new DOMException('cancelled', 'AbortError'));
    call.signal?.addEventListener('abort', cancel);
    const aborted = new Promise<never>((_, reject) => {
      controller.signal.addEventListener('abort', () => reject(controller.signal.reason), {
        once: true,
      });
    });
    aborted.catch(() => undefined);
    try {
      const response = await Promise.race([
        options.fetch(url, {
          headers: { accept: 'application/json', ...call.headers },
          signal: controller.signal,
        }),
        aborted,
      ]);
      options.metrics.upstreamRequests.inc({ endpoint, status: String(response.status) });
      // A 2xx was counted; a refusal (4xx, 429) or a failure (5xx) was answered without data.
      await settle?.(response.ok);
      const text = await Promise.race([
        readLimited(response, options.maxBodyBytes, controller.signal),
        aborted,
      ]);
      if (text.trim() === '')
        return { status: response.status, body: null, headers: response.headers };
      try {
        return { status: response.status, body: JSON.parse(text), headers: response.headers };
      } catch {
        throw new UpstreamError(
          'bad-response',
          502,
          `The weather provider answered ${response.status} with a body that is not JSON`,
        );
      }
    } catch (error) {
      if (error instanceof UpstreamError) throw error;
      // Error messages from fetch can quote the URL, and the URL carries the key: never pass them on.
      const name = error instanceof DOMException ? error.name : '';
      const kind = call.signal?.aborted
        ? 'cancelled'
        : name === 'TimeoutError'
          ? 'timeout'
          : 'error';
      options.metrics.upstreamRequests.inc({ endpoint, status: kind });
      // Sent but unanswered: the provider may have counted it, so the reservation stands.
      await settle?.(!neverSent(error));
      if (kind === 'cancelled')
        throw new UpstreamError('cancelled', 503, 'Nobody is waiting for this answer any more');
      if (kind === 'timeout')
        throw new UpstreamError(
          'timeout',
          504,
          `The weather provider did not answer within ${Math.round(timeoutMs)} ms`,
        );
      throw new UpstreamError('unreachable', 502, 'The weather provider could not be reached');
    } finally {
      cancelTimer();
      call.signal?.removeEventListener('abort', cancel);
    }
  };

  const retryable = (error: unknown) =>
    error instanceof UpstreamError && (error.kind === 'unreachable' || error.kind === 'timeout');

  /** Waits unless the wait would pass the deadline or the call is cancelled. */
  const pause = (ms: number, call: ProviderCall) => {
    if (timers.now() + ms + minimumAttemptMs > call.deadline) return false;
    return delay(timers, ms, call.signal).then(() => !call.signal?.aborted);
  };

  return {
    breakerState,

    async get(
      endpoint: string,
      query: Record<string, string>,
      call: ProviderCall,
    ): Promise<ProviderResponse> {
      const nowSeconds = clock() / 1000;
      if (quotaHeldUntil > nowSeconds) {
        const wait = Math.ceil(quotaHeldUntil - nowSeconds);
        throw new UpstreamError(
          'rate-limited',
          429,
          'The provider quota is used up until it resets',
          wait,
        );
      }
      const state = breakerState();
      if (state === 'open' || (state === 'half-open' && halfOpenTrial)) {
        const wait = Math.max(1, Math.ceil((openUntil - clock()) / 1000));
        throw new UpstreamError(
          'circuit-open',
          503,
          'The weather provider is failing; not asking it again for a while',
          wait,
        );
      }
      const trial = state === 'half-open';
      if (trial) halfOpenTrial = true;

      const url = new URL(`${options.baseUrl}/${endpoint}`);
      for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
      url.searchParams.set('key', options.apiKey);
      const href = url.href;

      let lastError: unknown;
      for (let attemptIndex = 0; attemptIndex <= options.retries; attemptIndex++) {
        if (attemptIndex > 0) {
          // Exponential backoff with full jitter on top, so many clients do not retry in step.
          const backoff =
            options.backoffMs * 2 ** (attemptIndex - 1) + random() * options.backoffMs;
          if (!(await pause(backoff, call))) break;
        }
        try {
          const response = await attempt(href, endpoint, call);
          if (response.status === 429) {
            const wait = secondsToReset(response.headers, clock() / 1000);
            if (wait > velocityWindowSeconds) {
              quotaHeldUntil = clock() / 1000 + wait;
              succeed();
              return response;
            }
            // Over the per-second limit: wait out the second and try again.
            lastError = new UpstreamError(
              'rate-limited',
              429,
              'The provider asked us to slow down',
              1,
            );
            if (!(await pause(1000, call))) break;
            continue;
          }
          if (response.status >= 500) {
            lastError = new UpstreamError(
              'unreachable',
              502,
              `The weather provider failed (${response.status})`,
            );
            continue;
          }
          succeed();
          return response;
        } catch (error) {
          lastError = error;
          if (!retryable(error)) break;
        }
      }
      // A call given up by its waiters, or refused by our own pacer or budget, says nothing about
      // the provider's health.
      if (!(lastError instanceof UpstreamError) || neutralFailures.has(lastError.kind)) {
        if (trial) halfOpenTrial = false;
        throw lastError ?? new UpstreamError('busy', 503, 'No time was left to ask the provider');
      }
      fail();
      throw lastError;
    },
  };

  function succeed() {
    consecutiveFailures = 0;
    openUntil = 0;
    halfOpenTrial = false;
  }

  function fail() {
    consecutiveFailures++;
    halfOpenTrial = false;
    if (consecutiveFailures >= options.breakerThreshold || breakerState() === 'half-open') {
      openUntil = clock() + options.breakerCooldownMs;
    }
  }
}

const neutralFailures = new Set<UpstreamFailure>(['cancelled', 'busy', 'budget']);

/** The body as text, refused as soon as it streams past `maxBytes`. */
async function readLimited(
  response: Response,
  maxBytes: number,
  signal: AbortSignal,
): Promise<string> {
  const tooLarge = () =>
    new UpstreamError(
      'bad-response',
      502,
      `The weather provider's answer is larger than the ${Math.round(maxBytes / 1_048_576)} MB allowed`,
    );
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await response.body?.cancel().catch(() => undefined);
    throw tooLarge();
  }
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let received = 0;
  let text = '';
  for (;;) {
    if (signal.aborted) throw signal.reason;
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

function delay(timers: Timers, ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      cancelTimer();
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const cancelTimer = timers.after(ms, done);
    signal?.addEventListener('abort', done);
  });
}

/**
 * Spaces calls 1/rate seconds apart, making a caller wait rather than refusing it: with the
 * rate below the provider's per-second limit, no one-second window can exceed it. The wait is
 * bounded twice: by the number of callers already waiting, and by the caller's deadline.
 */
function createPacer(ratePerSecond: number, queueMax: number, timers: Timers) {
  const interval = 1000 / ratePerSecond;
  let nextSlot = 0;
  let waiting = 0;
  return async (deadline: number, signal: AbortSignal | undefined) => {
    const now = timers.now();
    const sendAt = Math.max(now, nextSlot);
    if (sendAt > now) {
      const retryAfter = Math.max(1, Math.ceil((sendAt - now) / 1000));
      if (waiting >= queueMax)
        throw new UpstreamError(
          'busy',
          503,
          `Too many requests are waiting for the weather provider (${queueMax})`,
          retryAfter,
        );
      if (sendAt + minimumAttemptMs > deadline)
        throw new UpstreamError(
          'busy',
          503,
          'The weather provider cannot be asked again in time for this request',
          retryAfter,
        );
    }
    nextSlot = sendAt + interval;
    if (sendAt <= now) return;
    waiting++;
    try {
      await delay(timers, sendAt - now, signal);
    } finally {
      waiting--;
    }
    if (signal?.aborted)
      throw new UpstreamError('cancelled', 503, 'Nobody is waiting for this answer any more');
  };
}

export type ProviderClient = ReturnType<typeof createProviderClient>;
