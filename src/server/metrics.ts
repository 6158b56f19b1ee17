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
    const key = labelText(labels);
    const entry = this.values.get(key) ?? { labels, value: 0 };
    entry.value += by;
    this.values.set(key, entry);
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
    const key = labelText(labels);
    const entry = this.series.get(key) ?? {
      labels,
      counts: this.buckets.map(() => 0),
      sum: 0,
      count: 0,
    };
    this.buckets.forEach((bound, index) => {
      if (value <= bound) entry.counts[index] = (entry.counts[index] ?? 0) + 1;
    });
    entry.sum += value;
    entry.count++;
    this.series.set(key, entry);
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
