import type { Metrics } from '../metrics';

/**
 * The one path to the Weather Data Service, for demo and live alike: in demo mode `fetch` is the
 * simulator's handler, in live mode the network's. It times out, retries what may succeed on a
 * second try, keeps a pace below the provider's velocity limit, stops asking after a 429 until
 * the reset, and stops calling a failing provider for a while (a circuit breaker).
 */
export type FetchLike = (input: Request) => Promise<Response>;

export interface ProviderClientOptions {
  baseUrl: string;
  apiKey: string;
  fetch: FetchLike;
  timeoutMs: number;
  /** Extra attempts after a 5xx, a reset or a timeout. */
  retries: number;
  /** Base of the exponential backoff between attempts. */
  backoffMs: number;
  /** Requests a second the BFF allows itself, below the plan's velocity limit. */
  ratePerSecond: number;
  /** Consecutive failed requests that open the circuit, and how long it stays open. */
  breakerThreshold: number;
  breakerCooldownMs: number;
  metrics: Metrics;
  /** Milliseconds; injectable for tests. */
  clock?: () => number;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
}

export interface ProviderResponse {
  status: number;
  /** Parsed JSON, or null for an empty body (204). */
  body: unknown;
  headers: Headers;
}

export type UpstreamFailure =
  'unreachable' | 'timeout' | 'circuit-open' | 'rate-limited' | 'bad-response';

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

export function createProviderClient(options: ProviderClientOptions) {
  const clock = options.clock ?? Date.now;
  const sleep =
    options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const random = options.random ?? Math.random;
  const pacer = createPacer(options.ratePerSecond, clock, sleep);
  let consecutiveFailures = 0;
  let openUntil = 0;
  let halfOpenTrial = false;
  let quotaHeldUntil = 0;

  const breakerState = () => {
    if (openUntil === 0) return 'closed' as const;
    return clock() < openUntil ? ('open' as const) : ('half-open' as const);
  };

  const attempt = async (
    url: URL,
    endpoint: string,
    extraHeaders: Record<string, string> | undefined,
  ): Promise<ProviderResponse> => {
    await pacer();
    let response: Response;
    try {
      response = await options.fetch(
        new Request(url, {
          headers: { accept: 'application/json', ...extraHeaders },
          signal: AbortSignal.timeout(options.timeoutMs),
        }),
      );
    } catch (error) {
      // Error messages from fetch can quote the URL, and the URL carries the key: never pass them on.
      const timedOut =
        error instanceof DOMException &&
        (error.name === 'TimeoutError' || error.name === 'AbortError');
      options.metrics.upstreamRequests.inc({ endpoint, status: timedOut ? 'timeout' : 'error' });
      if (timedOut)
        throw new UpstreamError(
          'timeout',
          504,
          `The weather provider did not answer within ${options.timeoutMs} ms`,
        );
      throw new UpstreamError('unreachable', 502, 'The weather provider could not be reached');
    }
    options.metrics.upstreamRequests.inc({ endpoint, status: String(response.status) });
    const text = await response.text();
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
  };

  const retryable = (error: unknown) =>
    error instanceof UpstreamError && (error.kind === 'unreachable' || error.kind === 'timeout');

  return {
    breakerState,

    async get(
      endpoint: string,
      query: Record<string, string>,
      extraHeaders?: Record<string, string>,
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
      if (state === 'half-open') halfOpenTrial = true;

      const url = new URL(`${options.baseUrl}/${endpoint}`);
      for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
      url.searchParams.set('key', options.apiKey);

      let lastError: unknown;
      for (let attemptIndex = 0; attemptIndex <= options.retries; attemptIndex++) {
        if (attemptIndex > 0) {
          // Exponential backoff with full jitter on top, so many clients do not retry in step.
          await sleep(options.backoffMs * 2 ** (attemptIndex - 1) + random() * options.backoffMs);
        }
        try {
          const response = await attempt(url, endpoint, extraHeaders);
          if (response.status === 429) {
            const reset = Number(response.headers.get('x-ratelimit-reset'));
            const secondsToReset = Number.isFinite(reset) && reset > 0 ? reset - clock() / 1000 : 1;
            if (secondsToReset > velocityWindowSeconds) {
              quotaHeldUntil = reset;
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
            await sleep(1000);
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
      fail();
      throw lastError instanceof UpstreamError
        ? lastError
        : new UpstreamError('unreachable', 502, 'The weather provider could not be reached');
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

/**
 * Spaces calls 1/rate seconds apart, making a caller wait rather than refusing it: with the
 * rate below the provider's per-second limit, no one-second window can exceed it.
 */
function createPacer(
  ratePerSecond: number,
  clock: () => number,
  sleep: (ms: number) => Promise<void>,
) {
  const interval = 1000 / ratePerSecond;
  let nextSlot = 0;
  return async () => {
    const now = clock();
    const sendAt = Math.max(now, nextSlot);
    nextSlot = sendAt + interval;
    if (sendAt > now) await sleep(sendAt - now);
  };
}

export type ProviderClient = ReturnType<typeof createProviderClient>;
