import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { serverTimeHeader } from '../../shared/api/server-time';
import { answerBody } from '../cache/answer-body';
import type { CachedAnswer } from '../cache/response-cache';
import type { Logger } from '../log';
import type { Metrics } from '../metrics';
import type { AppEnv, CacheResult } from './app-env';
import { dataSecurityHeaders } from './protection';
import { createRequestRecorder, requestTarget } from './request-recorder';

export interface ResponseWriterOptions {
  metrics: Metrics;
  logger: Logger;
  /** A request path's route template, for the duration metric (see `routeLabels`). */
  routeOf: (path: string) => string;
  /** Milliseconds: the clock every /api answer states (see shared/api/server-time). */
  serverTime: () => number;
  /** The SPA's security headers; the API and /metrics get `dataSecurityHeaders`. */
  documentHeaders: Readonly<Record<string, string>>;
  /** The public status pages' (/s/*): framed only by EMBED_ORIGINS. */
  publicPageHeaders?: Readonly<Record<string, string>>;
  /** Headers every answer carries (Strict-Transport-Security behind TLS). */
  everyAnswer?: Readonly<Record<string, string>>;
}

/** The headers a cross-origin client may read (CORS_ORIGINS): the ones that describe an answer. */
export const exposedHeaders = [serverTimeHeader, 'X-Cache', 'Age', 'X-Quota-Cost'];

const isDataPath = (path: string) => path.startsWith('/api/') || path === '/metrics';
/** The public status pages: the only documents other sites may frame (EMBED_ORIGINS). */
export const isPublicPagePath = (path: string) => path.startsWith('/s/');
const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/**
 * Everything the BFF writes on an answer besides the body of a route's own making, in one place
 * for the router and for the cache fast path (which answers fresh hits ahead of the router and
 * must send exactly what the router would): the headers each answer opens with (its id, the
 * security headers of a document or of data, the server time on /api), a stored answer's body
 * and cache headers, the cache metric, and the duration metric and log line when it is done.
 * Whatever X-Cache says is what the metric counts and the log line records.
 */
export function createResponseWriter(options: ResponseWriterOptions) {
  const recorder = createRequestRecorder(options.metrics, options.logger, options.routeOf);
  // A label child per result, made once: labels() checks and copies its labels on every call.
  const counters = new Map<CacheResult, { inc(): void }>();
  const count = (result: CacheResult) => {
    let counter = counters.get(result);
    if (!counter) {
      counter = options.metrics.cacheEvents.labels({ result });
      counters.set(result, counter);
    }
    counter.inc();
  };

  const opening = (path: string, id: string): Record<string, string> => {
    const headers: Record<string, string> = {
      ...(isDataPath(path)
        ? dataSecurityHeaders
        : isPublicPagePath(path) && options.publicPageHeaders
          ? options.publicPageHeaders
          : options.documentHeaders),
      ...options.everyAnswer,
      'X-Request-Id': id,
    };
    if (isApiPath(path)) headers[serverTimeHeader] = String(options.serverTime());
    return headers;
  };

  /** A stored answer's status, body and headers, counted under `result`. */
  const stored = (
    answer: CachedAnswer,
    result: CacheResult,
    age: number | undefined,
    acceptEncoding: string | null | undefined,
  ) => {
    count(result);
    const headers: Record<string, string> = {
      'X-Cache': result,
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding',
    };
    if (age !== undefined) {
      headers.Age = String(Math.floor(age));
      headers['X-Cache-Age'] = String(Math.floor(age));
    }
    const { body, gzipped } = answerBody(answer, acceptEncoding);
    if (body !== null) headers['Content-Type'] = 'application/json';
    if (gzipped) headers['Content-Encoding'] = 'gzip';
    return { status: answer.status, body, headers };
  };

  return {
    /**
     * The router's first middleware: the opening headers, set before the handler runs so they
     * are part of the response it builds (touching a finished response's headers forces
     * @hono/node-server off its fast path, 10x slower), then the metrics and the log line.
     */
    middleware(): MiddlewareHandler<AppEnv> {
      return async (c, next) => {
        const startedAt = performance.now();
        const id = recorder.nextId();
        for (const [name, value] of Object.entries(opening(c.req.path, id))) c.header(name, value);
        await next();
        recorder.finish({
          id,
          method: c.req.method,
          target: requestTarget(c.req.url),
          status: c.res.status,
          cache: c.get('cacheResult'),
          startedAt,
        });
      };
    },

    /** A route's answer from the cache or the provider. */
    send(c: Context<AppEnv>, answer: CachedAnswer, result: CacheResult, age?: number) {
      c.set('cacheResult', result);
      const { status, body, headers } = stored(
        answer,
        result,
        age,
        c.req.header('accept-encoding'),
      );
      if (body === null) return c.body(null, 204, headers);
      return c.body(body, status as ContentfulStatusCode, headers);
    },

    /**
     * A data route answering with nothing stored (an error, or a HEAD that found nothing): it
     * says MISS, and `extra` headers (Retry-After, X-Quota-Cost) go with it.
     */
    miss(c: Context<AppEnv>, extra: Record<string, string> = {}): void {
      count('MISS');
      c.set('cacheResult', 'MISS');
      c.header('X-Cache', 'MISS');
      for (const [name, value] of Object.entries(extra)) c.header(name, value);
    },

    /** The cache fast path's whole answer to a fresh hit, as the router would have sent it. */
    hit(
      request: Request,
      target: string,
      answer: CachedAnswer,
      age: number,
      startedAt: number,
    ): Response {
      const id = recorder.nextId();
      const path = target.split('?', 1)[0] ?? target;
      const parts = stored(answer, 'HIT', age, request.headers.get('accept-encoding'));
      const response = new Response(parts.body, {
        status: parts.status,
        headers: { ...opening(path, id), ...parts.headers },
      });
      recorder.finish({
        id,
        method: request.method,
        target,
        status: parts.status,
        cache: 'HIT',
        startedAt,
      });
      return response;
    },
  };
}

export type ResponseWriter = ReturnType<typeof createResponseWriter>;
