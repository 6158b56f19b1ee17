import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/**
 * The BFF's Prometheus metrics (prom-client), rendered in the text exposition format at /metrics.
 * Every label takes its values from a bounded set: the request histogram is labelled by route
 * template, never by raw path (see `routeLabels`), so junk requests cannot grow the output.
 */

let processRegistry: Registry | undefined;

/**
 * Process, GC and event-loop metrics, collected once per process and shared by every app in it.
 * Each collectDefaultMetrics() call enables an event-loop delay monitor and a GC observer that
 * are never released, and they would describe the same process anyway: once per app would leak
 * both (and the registry they hold) for every app a test suite creates.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/** A registry of its own per app, so several apps in one process (tests) never collide. */
export function createMetrics() {
  const register = new Registry();
  const upstreamRequests = new Counter({
    name: 'skydeck_upstream_requests_total',
    help: 'Requests sent to the weather provider, by endpoint and outcome.',
    labelNames: ['endpoint', 'status'] as const,
    registers: [register],
  });
  const cacheEvents = new Counter({
    name: 'skydeck_cache_events_total',
    help: 'Data responses by cache result (HIT, MISS, STALE, COALESCED, SHARED).',
    labelNames: ['result'] as const,
    registers: [register],
  });
  const quotaUnits = new Counter({
    name: 'skydeck_quota_units_total',
    help: 'Provider quota units spent, by family.',
    labelNames: ['family'] as const,
    registers: [register],
  });
  const requestDuration = new Histogram({
    name: 'skydeck_http_request_duration_seconds',
    help: 'Time to answer a request to the BFF, by route template and status.',
    labelNames: ['route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [register],
  });
  const shared = processMetrics();
  return {
    upstreamRequests,
    cacheEvents,
    quotaUnits,
    requestDuration,
    contentType: register.contentType,
    /** The app's own metrics, then the process's. */
    render: async () => `${await register.metrics()}\n${await shared.metrics()}`,
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
