import type { Logger } from '../log';
import type { Metrics } from '../metrics';

export interface FinishedRequest {
  id: string;
  method: string;
  /** Path and query string as asked, e.g. `/api/current?lat=1&lon=2`. */
  target: string;
  status: number;
  cache: string | undefined;
  /** `performance.now()` when the request arrived. */
  startedAt: number;
}

/**
 * One place that counts and logs a finished request, for the Hono middleware and the cache fast
 * path alike: the duration histogram by route and status, and one JSON log line with its id.
 */
export function createRequestRecorder(metrics: Metrics, logger: Logger) {
  let nextRequestId = 1;
  const durations = new Map<string, { observe(value: number): void }>();
  const routeOf = (path: string) =>
    path.startsWith('/api/') ? path : path === '/metrics' ? '/metrics' : 'static';

  return {
    nextId: () => `${Date.now().toString(36)}-${(nextRequestId++).toString(36)}`,
    finish(request: FinishedRequest) {
      const seconds = (performance.now() - request.startedAt) / 1000;
      const queryStart = request.target.indexOf('?');
      const path = queryStart === -1 ? request.target : request.target.slice(0, queryStart);
      const route = routeOf(path);
      const seriesKey = `${route} ${request.status}`;
      let duration = durations.get(seriesKey);
      if (!duration) {
        // Paths outside the API are folded into one series, so the map stays small.
        duration = metrics.requestDuration.bind({ route, status: String(request.status) });
        if (durations.size < 1_000) durations.set(seriesKey, duration);
      }
      duration.observe(seconds);
      logger.info('request', {
        id: request.id,
        method: request.method,
        path,
        query: queryStart === -1 ? '' : request.target.slice(queryStart),
        status: request.status,
        cache: request.cache,
        ms: Math.round(seconds * 10_000) / 10,
      });
    },
  };
}

export type RequestRecorder = ReturnType<typeof createRequestRecorder>;

/** `/path?query` of a full request URL. */
export function requestTarget(url: string): string {
  const pathStart = url.indexOf('/', url.indexOf('//') + 2);
  return pathStart === -1 ? '/' : url.slice(pathStart);
}
