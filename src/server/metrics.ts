/**
 * A small Prometheus registry: counters with labels and one latency histogram, rendered in the
 * text exposition format at /metrics.
 */
type Labels = Record<string, string>;

const labelText = (labels: Labels) => {
  const entries = Object.entries(labels);
  if (entries.length === 0) return '';
  return `{${entries.map(([k, v]) => `${k}="${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
};

class Counter {
  private readonly values = new Map<string, { labels: Labels; value: number }>();
  constructor(
    readonly name: string,
    readonly help: string,
  ) {}

  inc(labels: Labels = {}, by = 1): void {
    this.bind(labels).inc(by);
  }

  /** A series resolved once, for hot paths that would otherwise format its labels per call. */
  bind(labels: Labels): { inc(by?: number): void } {
    const key = labelText(labels);
    let entry = this.values.get(key);
    if (!entry) {
      entry = { labels, value: 0 };
      this.values.set(key, entry);
    }
    const series = entry;
    return {
      inc: (by = 1) => {
        series.value += by;
      },
    };
  }

  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} counter`];
    for (const { labels, value } of this.values.values())
      lines.push(`${this.name}${labelText(labels)} ${value}`);
    return lines.join('\n');
  }
}

class Histogram {
  private readonly series = new Map<
    string,
    { labels: Labels; counts: number[]; sum: number; count: number }
  >();
  constructor(
    readonly name: string,
    readonly help: string,
    private readonly buckets: readonly number[],
  ) {}

  observe(labels: Labels, value: number): void {
    this.bind(labels).observe(value);
  }

  /** A series resolved once, for hot paths that would otherwise format its labels per call. */
  bind(labels: Labels): { observe(value: number): void } {
    const key = labelText(labels);
    let entry = this.series.get(key);
    if (!entry) {
      entry = { labels, counts: this.buckets.map(() => 0), sum: 0, count: 0 };
      this.series.set(key, entry);
    }
    const series = entry;
    const buckets = this.buckets;
    return {
      observe: (value) => {
        for (let index = 0; index < buckets.length; index++) {
          if (value <= (buckets[index] as number))
            series.counts[index] = (series.counts[index] ?? 0) + 1;
        }
        series.sum += value;
        series.count++;
      },
    };
  }

  render(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const { labels, counts, sum, count } of this.series.values()) {
      this.buckets.forEach((bound, index) => {
        lines.push(
          `${this.name}_bucket${labelText({ ...labels, le: String(bound) })} ${counts[index]}`,
        );
      });
      lines.push(`${this.name}_bucket${labelText({ ...labels, le: '+Inf' })} ${count}`);
      lines.push(`${this.name}_sum${labelText(labels)} ${sum}`);
      lines.push(`${this.name}_count${labelText(labels)} ${count}`);
    }
    return lines.join('\n');
  }
}

export function createMetrics() {
  const upstreamRequests = new Counter(
    'skydeck_upstream_requests_total',
    'Requests sent to the weather provider, by endpoint and outcome.',
  );
  const cacheEvents = new Counter(
    'skydeck_cache_events_total',
    'Data responses by cache result (HIT, MISS, STALE, COALESCED).',
  );
  const quotaUnits = new Counter(
    'skydeck_quota_units_total',
    'Provider quota units spent, by family.',
  );
  const requestDuration = new Histogram(
    'skydeck_http_request_duration_seconds',
    'Time to answer a request to the BFF, by route and status.',
    [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  );
  return {
    upstreamRequests,
    cacheEvents,
    quotaUnits,
    requestDuration,
    render: () =>
      [upstreamRequests, cacheEvents, quotaUnits, requestDuration]
        .map((m) => m.render())
        .join('\n\n') + '\n',
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
