import { requestMaxAge, type ResponseCache } from '../cache/response-cache';
import type { ValidatedTargets } from '../cache/validated-targets';
import type { ClientRateLimiter } from './protection';
import { requestTarget } from './request-recorder';
import type { ResponseWriter } from './response-writer';

export interface CacheFastPathDependencies {
  targets: ValidatedTargets;
  cache: ResponseCache;
  /** Milliseconds. */
  clock: () => number;
  limiter: ClientRateLimiter;
  /** The router's writer: the same headers, metrics and log line. */
  writer: ResponseWriter;
}

/**
 * A fresh cache hit for a request seen and validated before, answered ahead of the router: a
 * wall of kiosks and desks asks for the same few things all day, and the router, middleware
 * chain and Headers objects cost more than the answer itself. The answer is the same as the
 * routed one, written by the same writer; anything else, including a client over its rate
 * limit, goes on to the router, which explains itself.
 */
export function createCacheFastPath(deps: CacheFastPathDependencies) {
  return (request: Request, env: unknown): Response | undefined => {
    if (request.method !== 'GET') return undefined;
    const startedAt = performance.now();
    const target = requestTarget(request.url);
    const key = deps.targets.keyOf(target);
    if (key === undefined) return undefined;
    const hit = deps.cache.lookup(
      key,
      deps.clock() / 1000,
      requestMaxAge(request.headers.get('cache-control')),
    );
    if (!hit?.fresh) return undefined;
    if (deps.limiter.enabled && !deps.limiter.admit(env, request.headers).allowed) return undefined;
    return deps.writer.hit(request, target, hit.answer, hit.age, startedAt);
  };
}
