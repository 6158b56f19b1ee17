import { type Context, Hono } from 'hono';
import { type EndpointPath, endpointPaths, endpointSchemas } from '../../shared/api/endpoints';
import { parseQuery } from '../http/query';
import { historyTimeRule } from '../../shared/api/provider-params';
import { isHistoryEndpoint, quotaFamily, requestCost } from '../quota/request-cost';
import { parseProviderDate } from '../../shared/time/dates';
import { freshnessFor } from '../cache/cache-policy';
import { cacheKey, normalizeQuery } from '../cache/normalize';
import { type CachedAnswer, requestMaxAge, type ResponseCache } from '../cache/response-cache';
import type { AppEnv } from '../http/app-env';
import { requestTarget } from '../http/request-recorder';
import type { ResponseWriter } from '../http/response-writer';
import type { ValidatedTargets } from '../cache/validated-targets';
import type { Logger } from '../log';
import type { Metrics } from '../metrics';
import type { BudgetRefusal, Budgets, QuotaLedger } from '../quota/ledger';
import {
  type StorageFailure,
  type StorageHealth,
  storageFailure,
  unwritableWords,
} from '../db/storage-errors';
import type { SharedAnswer, SharedProviderCache } from '../cache/shared-cache';
import { type ProviderClient, secondsToReset, UpstreamError } from '../upstream/provider-client';
import { providerDetail, refusalAnswer, scrubProviderText } from '../upstream/provider-words';
import { SharedCalls } from '../upstream/shared-calls';
import type { Timers } from '../upstream/timers';
import { responseSchema } from './response-schemas';

export interface WeatherDependencies {
  /** Shared with the cache fast path, which answers fresh hits for these before routing. */
  targets: ValidatedTargets;
  provider: ProviderClient;
  cache: ResponseCache;
  /** Headers, cache metric and log line of every answer, as the cache fast path writes them. */
  writer: ResponseWriter;
  ledger: QuotaLedger;
  metrics: Metrics;
  logger: Logger;
  /** Milliseconds. */
  clock: () => number;
  /** Requests costing this many units or more need `confirm_units`. */
  confirmUnits: number;
  /** QUOTA_DAILY_LIMIT and CLIENT_DAILY_UNITS, enforced before anything is spent. */
  budgets: Budgets;
  /** One request's whole time with the provider, in milliseconds. */
  deadlineMs: number;
  /** What the deadline runs on: the provider client's timers. */
  timers: Timers;
  /** Who is asking, for the per-client budget. */
  clientOf: (c: Context<AppEnv>) => string;
  /** A client held to the daily budget only (the watch: it asks for everyone). */
  unmeteredClient?: string;
  /** Strings never to repeat from the provider's words (the key). */
  secrets: readonly string[];
  /** Pass X-Simulator-Fault to the provider: tests only. */
  forwardFaults: boolean;
  /** Replicas on PostgreSQL: one provider call for a request several of them get at once. */
  shared?: SharedProviderCache;
  /** Told of ledger writes refused for want of space or write access (readiness reports them). */
  storage?: StorageHealth;
}

/** A provider answer refusing the request (a 4xx): the caller's to hear about, in our words. */
class ProviderRefusal extends Error {
  constructor(
    readonly status: number,
    readonly detail: string | undefined,
  ) {
    super(`provider answered ${status}`);
  }
}

/**
 * `/api/<provider path>` for every endpoint: validate, normalise, answer from the cache when
 * fresh, ask before spending quota, keep to the budgets, share one provider call between
 * identical requests, check the answer against the contract, and fall back to the last good
 * answer when the provider fails, within one deadline per request.
 */
export function weatherRoutes(deps: WeatherDependencies) {
  const app = new Hono<AppEnv>();
  const calls = new SharedCalls<SharedAnswer>();

  const fetchAndStore = async (
    endpoint: EndpointPath,
    query: Record<string, string>,
    key: string,
    units: number,
    client: string,
    deadline: number,
    signal: AbortSignal,
    fault: string | undefined,
  ) => {
    const family = quotaFamily(endpoint);
    const reserve = async () => {
      const budgets =
        client === deps.unmeteredClient ? { daily: deps.budgets.daily } : deps.budgets;
      const verdict = await deps.ledger
        .reserve(family, client, units, deps.clock() / 1000, budgets)
        .catch((error: unknown) => {
          // Nothing is spent that cannot be put on record first.
          const why = ledgerFailed(deps, error) ? ` (${unwritableWords})` : '';
          throw new UpstreamError(
            'busy',
            503,
            `Skydeck could not record this request's quota spend${why}, so did not send it`,
            5,
          );
        });
      if ('refused' in verdict) throw budgetError(verdict.refused, units, deps.clock() / 1000);
      return async (charged: boolean) => {
        if (charged) deps.metrics.quotaUnits.inc({ family }, units);
        else
          // Left on record, the units are counted though not spent: the safe way to be wrong.
          await deps.ledger
            .release(verdict.reservation)
            .catch((error: unknown) => ledgerFailed(deps, error));
      };
    };
    const response = await deps.provider.get(endpoint, query, {
      deadline,
      signal,
      headers: fault ? { 'X-Simulator-Fault': fault } : undefined,
      reserve,
    });
    const now = deps.clock() / 1000;
    await recordLimits(deps, response.headers, now);
    if (response.status === 429) {
      const wait = secondsToReset(response.headers, now);
      throw new UpstreamError(
        'rate-limited',
        429,
        `The weather provider's quota for Skydeck is used up; it resets in ${formatWait(wait)}`,
        wait,
      );
    }
    if (response.status >= 400) {
      const original = providerDetail(response.body);
      deps.logger.error('provider-refusal', { endpoint, status: response.status, body: original });
      throw new ProviderRefusal(
        response.status,
        original === undefined ? undefined : scrubProviderText(original, deps.secrets),
      );
    }
    // An empty 200 is a fault, not "no data": it must not replace the last good answer.
    if (response.status !== 204 && response.body === null)
      throw new UpstreamError('bad-response', 502, 'The weather provider answered with no data');
    if (response.status !== 204) {
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
    const answer: CachedAnswer = {
      status: response.status === 204 ? 204 : 200,
      body: response.status === 204 ? '' : JSON.stringify(response.body),
      storedAt: now,
      freshUntil: now + freshnessFor(endpoint, response.body, query, now),
    };
    deps.cache.store(key, answer);
    return answer;
  };

  for (const endpoint of endpointPaths) {
    app.get(`/${endpoint}`, async (c) => {
      const deadline = deps.timers.now() + deps.deadlineMs;
      const url = c.req.url;
      const head = c.req.method === 'HEAD';
      const target = requestTarget(url);
      const knownKey = deps.targets.keyOf(target);
      const maxAge = requestMaxAge(c.req.header('cache-control'));
      if (knownKey !== undefined) {
        const hit = deps.cache.lookup(knownKey, deps.clock() / 1000, maxAge);
        if (hit?.fresh) return deps.writer.send(c, hit.answer, 'HIT', hit.age);
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
      const cached = deps.cache.lookup(key, now, maxAge);
      if (cached?.fresh) return deps.writer.send(c, cached.answer, 'HIT', cached.age);

      const cost = requestCost(endpoint, query);
      // A HEAD only looks: it is answered from what the BFF holds and never spends a unit.
      if (head) {
        if (cached) return deps.writer.send(c, cached.answer, 'STALE', cached.age);
        deps.writer.miss(c, { 'X-Quota-Cost': String(cost.units) });
        return c.body(null, 204);
      }
      if (cost.units >= deps.confirmUnits && values.confirm_units !== cost.units) {
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
      const client = deps.clientOf(c);
      const call = calls.run(flightKey, async (signal) => {
        const fetch = () =>
          fetchAndStore(endpoint, query, key, cost.units, client, deadline, signal, fault);
        if (!deps.shared || fault) return { answer: await fetch() };
        const shared = await deps.shared.answer(
          key,
          maxAge,
          () => deps.clock() / 1000,
          // The shared cache waits on PostgreSQL's lock_timeout, which runs on real time.
          performance.now() + (deadline - deps.timers.now()),
          fetch,
        );
        if (shared.sharedAge !== undefined) deps.cache.store(key, shared.answer);
        return shared;
      });
      let clientGone = false;
      try {
        const { answer, sharedAge } = await untilSettled(
          call.promise,
          deps.timers,
          deadline,
          deps.deadlineMs,
          c.req.raw.signal,
        );
        if (sharedAge !== undefined) return deps.writer.send(c, answer, 'SHARED', sharedAge);
        return deps.writer.send(c, answer, call.joined ? 'COALESCED' : 'MISS');
      } catch (error) {
        if (error instanceof ClientGone) {
          clientGone = true;
          return new Response(null, { status: 499 });
        }
        if (error instanceof ProviderRefusal) {
          const refusal = refusalAnswer(error.status, error.detail);
          deps.writer.miss(c);
          return c.json({ error: refusal.error }, refusal.status);
        }
        if (!(error instanceof UpstreamError)) throw error;
        // The provider failed or took too long: the last good answer, if not too old, beats none.
        const stale = deps.cache.lookup(key, deps.clock() / 1000);
        if (stale) return deps.writer.send(c, stale.answer, 'STALE', stale.age);
        deps.writer.miss(
          c,
          error.retryAfter === undefined ? {} : { 'Retry-After': String(error.retryAfter) },
        );
        return c.json({ error: error.message }, error.status);
      } finally {
        // A client that has gone leaves at once, which cancels a call nobody else waits for. A
        // request past its deadline lets the call end by its own (the same) deadline instead,
        // so a hung provider's timeouts still count as failures and open the breaker.
        if (clientGone) call.leave();
        else call.promise.then(call.leave, call.leave);
      }
    });
  }
  return app;
}

/** The client closed its connection: nobody is left to answer. */
class ClientGone extends Error {}

/**
 * The shared call's answer, unless this request's own deadline passes first (a 504 unless
 * there is something stale) or its client goes away.
 */
function untilSettled<T>(
  promise: Promise<T>,
  timers: Timers,
  deadline: number,
  deadlineMs: number,
  client: AbortSignal,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const cancelTimer = timers.after(Math.max(0, deadline - timers.now()), () =>
      reject(
        new UpstreamError(
          'timeout',
          504,
          `The weather provider did not answer within ${deadlineMs / 1000} s`,
        ),
      ),
    );
    const gone = () => reject(new ClientGone());
    if (client.aborted) gone();
    client.addEventListener('abort', gone, { once: true });
    promise.then(resolve, reject).finally(() => {
      cancelTimer();
      client.removeEventListener('abort', gone);
    });
  });
}

/** A budget would be passed: the 429 says which, how much is gone and when it comes back. */
function budgetError(refusal: BudgetRefusal, units: number, now: number): UpstreamError {
  const untilMidnight = Math.ceil((Math.floor(now / 86_400) + 1) * 86_400 - now);
  const whose =
    refusal.budget === 'daily'
      ? `Skydeck's daily quota (QUOTA_DAILY_LIMIT) is ${refusal.limit} units`
      : `This client's daily budget (CLIENT_DAILY_UNITS) is ${refusal.limit} units`;
  return new UpstreamError(
    'budget',
    429,
    `${whose}, ${refusal.spent} are spent, and this request costs ${units}; it resets at 00:00 UTC, in ${formatWait(untilMidnight)}`,
    untilMidnight,
  );
}

function formatWait(seconds: number): string {
  if (seconds < 90) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  return minutes < 90 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

async function recordLimits(deps: WeatherDependencies, headers: Headers, now: number) {
  const limit = Number(headers.get('x-ratelimit-limit'));
  const remaining = Number(headers.get('x-ratelimit-remaining'));
  const reset = Number(headers.get('x-ratelimit-reset'));
  if (headers.has('x-ratelimit-limit') && [limit, remaining, reset].every(Number.isFinite)) {
    // A note for /api/quota: failing to keep it must not cost the answer it came with.
    await deps.ledger
      .recordProviderLimits({ limit, remaining, reset, observedAt: now })
      .catch((error: unknown) => ledgerFailed(deps, error));
  }
}

/** A ledger write failed: logged with the engine's code, and noted if the disk is full or read-only. */
function ledgerFailed(deps: WeatherDependencies, error: unknown): StorageFailure | undefined {
  const failure = deps.storage ? deps.storage.note(error) : storageFailure(error);
  deps.logger.error('quota-ledger', { message: (error as Error).message, code: failure?.code });
  return failure;
}

/**
 * History is the past: a start or lightning date that has begun nowhere on Earth yet is refused
 * here. The place's own time zone is the provider's to know, and so is the precise verdict.
 */
function futureDateError(
  endpoint: EndpointPath,
  values: Record<string, unknown>,
  now: number,
): string | undefined {
  if (!isHistoryEndpoint(endpoint)) return undefined;
  for (const name of ['start_date', 'date'] as const) {
    const text = values[name];
    const date = typeof text === 'string' ? parseProviderDate(text) : undefined;
    if (date && !historyTimeRule.hasBegunSomewhere(date.utcSeconds, now))
      return `Invalid ${name}: ${historyTimeRule.words}`;
  }
  return undefined;
}
