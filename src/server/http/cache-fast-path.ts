import { serverTimeHeader } from '../../shared/api/server-time';
import { answerBody } from '../cache/answer-body';
import type { ResponseCache } from '../cache/response-cache';
import type { ValidatedTargets } from '../cache/validated-targets';
import type { Metrics } from '../metrics';
import type { ClientRateLimiter } from './protection';
import { type RequestRecorder, requestTarget } from './request-recorder';

export interface CacheFastPathDependencies {
  targets: ValidatedTargets;
  cache: ResponseCache;
  /** Milliseconds. */
  clock: () => number;
  limiter: ClientRateLimiter;
  securityHeaders: Readonly<Record<string, string>>;
  /** The clock every /api answer states (see shared/api/server-time). */
  serverTime: () => number;
  metrics: Metrics;
  recorder: RequestRecorder;
}

/**
 * A fresh cache hit for a request seen and validated before, answered ahead of the router: a
 * wall of kiosks and desks asks for the same few things all day, and the router, middleware
 * chain and Headers objects cost more than the answer itself. The answer is the same as the
 * routed one (security headers, cache headers, rate limit, metrics, log line); anything else,
 * including a client over its rate limit, goes on to the router, which explains itself.
 */
export function createCacheFastPath(deps: CacheFastPathDependencies) {
  const hits = deps.metrics.cacheEvents.labels({ result: 'HIT' });
  return (request: Request, env: unknown): Response | undefined => {
    if (request.method !== 'GET') return undefined;
    const startedAt = performance.now();
    const target = requestTarget(request.url);
    const key = deps.targets.keyOf(target);
    if (key === undefined) return undefined;
    const hit = deps.cache.lookup(key, deps.clock() / 1000);
    if (!hit?.fresh) return undefined;
    if (deps.limiter.enabled && !deps.limiter.admit(env, request.headers).allowed) return undefined;

    hits.inc();
    const id = deps.recorder.nextId();
    const age = String(Math.floor(hit.age));
    const { answer } = hit;
    const headers: Record<string, string> = {
      ...deps.securityHeaders,
      'X-Request-Id': id,
      [serverTimeHeader]: String(deps.serverTime()),
      'X-Cache': 'HIT',
      'Cache-Control': 'no-cache',
      Age: age,
      'X-Cache-Age': age,
      Vary: 'Accept-Encoding',
    };
    const { body, gzipped } = answerBody(answer, request.headers.get('accept-encoding'));
    if (body !== null) headers['Content-Type'] = 'application/json';
    if (gzipped) headers['Content-Encoding'] = 'gzip';
    const response = new Response(body, { status: answer.status, headers });
    deps.recorder.finish({
      id,
      method: 'GET',
      target,
      status: answer.status,
      cache: 'HIT',
      startedAt,
    });
    return response;
  };
}
