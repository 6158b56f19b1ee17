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
 * path alike: the duration histogram by route template and status, and one JSON log line with
 * its id. `routeOf` maps a path to its template (see `routeLabels`).
 */
export function createRequestRecorder(
  metrics: Metrics,
  logger: Logger,
  routeOf: (path: string) => string,
) {
  let nextRequestId = 1;
  // A label child per series, made once (labels() checks and copies the labels each time it is
  // called); even so prom-client's observe() costs ~0.6-1 us, about 1% of a cached answer.
  // Bounded, as both labels are: route templates times the statuses the BFF sends.
  const durations = new Map<string, { observe(value: number): void }>();

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
        duration = metrics.requestDuration.labels({ route, status: String(request.status) });
        durations.set(seriesKey, duration);
      }
      duration.observe(seconds);
      logger.info('request', {
        id: request.id,
        method: request.method,
        path,
        query: queryStart === -1 ? '' : redactedQuery(request.target.slice(queryStart)),
        status: request.status,
        cache: request.cache,
        ms: Math.round(seconds * 10_000) / 10,
      });
    },
  };
}

/**
 * A query string with the credentials a weather station sends in it (the Weather Underground
 * protocol's PASSWORD, a PASSKEY) blanked out, so no log line holds a station's key.
 */
function redactedQuery(query: string): string {
  return query.replace(/([?&](?:PASSWORD|PASSKEY)=)[^&]*/gi, '$1[redacted]');
}

/** `/path?query` of a full request URL. */
export function requestTarget(url: string): string {
  const pathStart = url.indexOf('/', url.indexOf('//') + 2);
  return pathStart === -1 ? '/' : url.slice(pathStart);
}

/**
 * The `route` label for a request path, from a bounded set: the path of a route the router
 * knows under /api, `unmatched` for any other /api path, `/metrics`, and `static` for the SPA
 * and its assets. A raw path as a label made one series per junk URL (50,000 of them: a 237 MB
 * /metrics and a 6 s stall to render it). The known routes are read from the router itself, so
 * a new route needs no list of its own; routes with parameters or wildcards would need a matcher
 * here and count as `unmatched` until then.
 */
export function routeLabels(router: {
  readonly routes: readonly { readonly path: string }[];
}): (path: string) => string {
  let known = new Set<string>();
  let routesSeen = -1;
  return (path) => {
    if (path === '/metrics') return path;
    if (path !== '/api' && !path.startsWith('/api/')) return 'static';
    // Sub-apps may be mounted after this is made: a length check per request notices them.
    if (router.routes.length !== routesSeen) {
      routesSeen = router.routes.length;
      known = new Set(
        router.routes
          .map((route) => route.path)
          .filter((route) => route.startsWith('/api/') && !/[*:]/.test(route)),
      );
    }
    return known.has(path) ? path : 'unmatched';
  };
}
