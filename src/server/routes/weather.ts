import { type Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { type EndpointPath, endpointPaths, endpointSchemas } from '../../shared/api/endpoints';
import { parseQuery } from '../../shared/api/query';
import { isHistoryEndpoint, quotaFamily, requestCost } from '../../shared/quota/request-cost';
import { parseProviderDate } from '../../shared/time/dates';
import { answerBody } from '../cache/answer-body';
import { freshnessFor } from '../cache/cache-policy';
import { cacheKey, normalizeQuery } from '../cache/normalize';
import { type CachedAnswer, Coalescer, type ResponseCache } from '../cache/response-cache';
import type { AppEnv } from '../app';
import { requestTarget } from '../http/request-recorder';
import type { ValidatedTargets } from '../cache/validated-targets';
import type { Logger } from '../log';
import type { Metrics } from '../metrics';
import type { QuotaLedger } from '../quota/ledger';
import { type ProviderClient, UpstreamError } from '../upstream/provider-client';
import { responseSchema } from './response-schemas';

export interface WeatherDependencies {
  /** Shared with the cache fast path, which answers fresh hits for these before routing. */
  targets: ValidatedTargets;
  provider: ProviderClient;
  cache: ResponseCache;
  ledger: QuotaLedger;
  metrics: Metrics;
  logger: Logger;
  /** Milliseconds. */
  clock: () => number;
  /** History requests costing this many units or more need `confirm_units`. */
  confirmUnits: number;
  /** Pass a request's X-Simulator-Fault on to the provider: tests only. */
  forwardFaults: boolean;
}

type CacheResult = 'HIT' | 'MISS' | 'STALE' | 'COALESCED';

/** A provider answer that is the caller's to see (a 4xx), not the BFF's to hide. */
class ProviderRefusal extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    super(`provider answered ${status}`);
  }
}

/**
 * `/api/<provider path>` for every endpoint: validate, normalise, answer from the cache when
 * fresh, ask before spending history quota, share one provider call between identical requests,
 * check the answer against the contract, count the units, and fall back to the last good answer
 * when the provider fails.
 */
export function weatherRoutes(deps: WeatherDependencies) {
  const app = new Hono<AppEnv>();
  const coalescer = new Coalescer<CachedAnswer>();

  const fetchAndStore = async (
    endpoint: EndpointPath,
    query: Record<string, string>,
    key: string,
    units: number,
    fault: string | undefined,
  ) => {
    const response = await deps.provider.get(
      endpoint,
      query,
      fault ? { 'X-Simulator-Fault': fault } : undefined,
    );
    const now = deps.clock() / 1000;
    recordLimits(deps, response.headers, now);
    if (response.status === 429) {
      const message = (response.body as { status_message?: string; error?: string } | null)
        ?.status_message;
      const reset = Number(response.headers.get('x-ratelimit-reset'));
      throw new UpstreamError(
        'rate-limited',
        429,
        message ?? 'The provider quota is used up',
        Math.max(1, Math.ceil(reset - now)),
      );
    }
    if (response.status >= 400)
      throw new ProviderRefusal(response.status, JSON.stringify(response.body ?? {}));
    if (response.status !== 204 && response.body !== null) {
      const checked = responseSchema(endpoint, query).safeParse(response.body);
      if (!checked.success) {
        deps.logger.error('contract-violation', {
          endpoint,
          issue: checked.error.issues[0]?.message,
          path: checked.error.issues[0]?.path.join('.'),
        });
        throw new UpstreamError(
          'bad-response',
          502,
          'The weather provider answered with data that breaks its contract',
        );
      }
    }
    const family = quotaFamily(endpoint);
    deps.ledger.spend(family, units, now);
    deps.metrics.quotaUnits.inc({ family }, units);
    const answer: CachedAnswer = {
      status: response.status === 204 || response.body === null ? 204 : 200,
      body: response.body === null ? '' : JSON.stringify(response.body),
      storedAt: now,
      freshUntil: now + freshnessFor(endpoint, response.body, query, now),
    };
    deps.cache.store(key, answer);
    return answer;
  };

  for (const endpoint of endpointPaths) {
    app.get(`/${endpoint}`, async (c) => {
      const url = c.req.url;
      const target = requestTarget(url);
      const knownKey = deps.targets.keyOf(target);
      if (knownKey !== undefined) {
        const hit = deps.cache.lookup(knownKey, deps.clock() / 1000);
        if (hit?.fresh) return send(c, deps, hit.answer, 'HIT', hit.age);
      }
      const parsed = parseQuery(endpointSchemas[endpoint], new URL(url).searchParams);
      if (!parsed.ok) return c.json({ error: parsed.error }, 400);
      const values = parsed.value as Record<string, unknown>;
      const now = deps.clock() / 1000;
      const future = futureDateError(endpoint, values, now);
      if (future) return c.json({ error: future }, 400);

      const query = normalizeQuery(endpoint, values);
      const key = cacheKey(endpoint, query);
      deps.targets.remember(target, key);
      const cached = deps.cache.lookup(key, now);
      if (cached?.fresh) return send(c, deps, cached.answer, 'HIT', cached.age);

      const cost = requestCost(endpoint, query);
      if (
        isHistoryEndpoint(endpoint) &&
        cost.units >= deps.confirmUnits &&
        values.confirm_units !== cost.units
      ) {
        return c.json(
          {
            error: `This request costs ${cost.units} quota units (${cost.reason}); repeat it with confirm_units=${cost.units} to spend them`,
            cost_units: cost.units,
          },
          428,
        );
      }

      const fault = deps.forwardFaults ? c.req.header('x-simulator-fault') : undefined;
      // A request asking for a fault must not share another's call (or hand its fault to it).
      const flightKey = fault ? `${key}#${fault}#${Math.random()}` : key;
      const { promise, joined } = coalescer.run(flightKey, () =>
        fetchAndStore(endpoint, query, key, cost.units, fault),
      );
      try {
        return send(c, deps, await promise, joined ? 'COALESCED' : 'MISS');
      } catch (error) {
        if (error instanceof ProviderRefusal) {
          return c.body(error.body, error.status as ContentfulStatusCode, {
            'Content-Type': 'application/json',
            'X-Cache': 'MISS',
          });
        }
        if (!(error instanceof UpstreamError)) throw error;
        // The provider failed: the last good answer, if it is not too old, beats none.
        const stale = deps.cache.lookup(key, deps.clock() / 1000);
        if (stale) return send(c, deps, stale.answer, 'STALE', stale.age);
        deps.metrics.cacheEvents.inc({ result: 'MISS' });
        if (error.retryAfter !== undefined) c.header('Retry-After', String(error.retryAfter));
        c.header('X-Cache', 'MISS');
        return c.json({ error: error.message }, error.status);
      }
    });
  }
  return app;
}

function send(
  c: Context<AppEnv>,
  deps: WeatherDependencies,
  answer: CachedAnswer,
  result: CacheResult,
  age?: number,
) {
  deps.metrics.cacheEvents.inc({ result });
  c.set('cacheResult', result);
  const headers: Record<string, string> = {
    'X-Cache': result,
    'Cache-Control': 'no-cache',
    Vary: 'Accept-Encoding',
  };
  if (age !== undefined) {
    headers.Age = String(Math.floor(age));
    headers['X-Cache-Age'] = String(Math.floor(age));
  }
  const { body, gzipped } = answerBody(answer, c.req.header('accept-encoding'));
  if (body === null) return c.body(null, 204, headers);
  if (gzipped) headers['Content-Encoding'] = 'gzip';
  return c.body(body, answer.status as ContentfulStatusCode, {
    ...headers,
    'Content-Type': 'application/json',
  });
}

function recordLimits(deps: WeatherDependencies, headers: Headers, now: number) {
  const limit = Number(headers.get('x-ratelimit-limit'));
  const remaining = Number(headers.get('x-ratelimit-remaining'));
  const reset = Number(headers.get('x-ratelimit-reset'));
  if (headers.has('x-ratelimit-limit') && [limit, remaining, reset].every(Number.isFinite)) {
    deps.ledger.recordProviderLimits({ limit, remaining, reset, observedAt: now });
  }
}

/**
 * History is the past: a start or lightning date after tomorrow (UTC) is refused here. A place
 * east of UTC may already be on tomorrow's date; the provider judges that day precisely.
 */
function futureDateError(
  endpoint: EndpointPath,
  values: Record<string, unknown>,
  now: number,
): string | undefined {
  const tomorrow = Math.floor(now / 86_400) * 86_400 + 2 * 86_400;
  for (const name of ['start_date', 'date'] as const) {
    const text = values[name];
    if (typeof text !== 'string' || !endpoint.startsWith('history/')) continue;
    const date = parseProviderDate(text);
    if (date && date.utcSeconds >= tomorrow) return `Invalid ${name}: must not be in the future`;
  }
  return undefined;
}
