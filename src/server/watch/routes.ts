import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import type { HttpBindings } from '@hono/node-server';
import { streamSSE } from 'hono/streaming';
import { z } from 'zod';
import { eventsQuery, streamQuery } from '../../shared/api/queries';
import { serialIdParam } from '../../shared/api/params';
import { ackSchema, createSiteSchema, eventPaging, updateSiteSchema } from '../../shared/api/watch';
import type {
  EventsResponse,
  SiteResponse,
  SitesResponse,
  WatchSpendJson,
} from '../../shared/api/watch-answers';
import { policyChanges } from '../../shared/safety/policy-diff';
import { defaultPolicy, type SitePolicy } from '../../shared/safety/site-policy';
import type { AuditRecorder } from '../audit/audit-log';
import type { Logger } from '../log';
import type { StatusHub } from './hub';
import type { Monitor } from './monitor';
import type { PlannedSite } from '../../shared/safety/lightning-plan';
import { projectWatchSpend } from './quota-projection';
import { csvHeader, csvRow, eventJson, siteJson, statusJson } from './site-json';
import { parseQuery } from '../http/query';
import { jsonBodyLimit, readJsonBody } from './json-body';
import type { EventFilter, WatchStore } from './store';

export interface WatchRouteOptions {
  store: WatchStore;
  monitor: Monitor;
  hub: StatusHub;
  /** Server time, epoch ms. */
  clock: () => number;
  logger: Logger;
  /** Middleware every write passes: a signed-in operator and a cross-site forgery check. */
  writeGuards: MiddlewareHandler[];
  /** The signed-in operator's name, for the record. */
  operatorOf: (c: Context) => string;
  /** The audit record of every change. */
  record: AuditRecorder;
  /** The daily units the watch may plan for, and where that limit comes from. */
  spendLimit: () => { limit: number; source: string } | undefined;
  /** How often an idle stream sends a comment so proxies keep it open (ms). */
  heartbeatMs?: number;
  /** Who a request comes from, as the rate limiter tells clients apart: streams are counted per client. */
  clientOf: (c: Context) => string;
  streams: StreamBounds;
}

/** What a live stream may owe a client that does not read (issue 26); see the stream route. */
export interface StreamBounds {
  /** Bytes queued and not yet taken by the socket; past this the stream is closed. */
  maxUnsentBytes: number;
  /** A stream whose backlog has not emptied for this long is closed. */
  drainTimeoutMs: number;
  /** The clock the drain time is read on: the BFF's own (tests move it). */
  clock: () => number;
}

export const streamBoundDefaults = { maxUnsentBytes: 1024 * 1024, drainTimeoutMs: 60_000 } as const;

/** The bytes an SSE frame takes on the wire, near enough to bound a backlog by. */
const sseBytes = (event: string, id: string | undefined, data: string) =>
  Buffer.byteLength(data) + event.length + (id?.length ?? 0) + 24;

const keepAlive = ': keep-alive\n\n';

/** Site and event bodies are small; anything bigger is a mistake or an attack. */
const maxBodyBytes = 16 * 1024;

/**
 * The watch's API: sites and their status (open reads, for kiosks), site writes (operators
 * only), the append-only event log with acknowledgements and CSV, and the live stream.
 */
export function watchRoutes(options: WatchRouteOptions) {
  const { store, monitor, hub, clock } = options;
  const app = new Hono();
  const writes = every(jsonBodyLimit(maxBodyBytes), ...options.writeGuards);

  const spend = (sites: readonly PlannedSite[]): WatchSpendJson => {
    const projection = projectWatchSpend(sites);
    const limit = options.spendLimit();
    return {
      units_per_day: projection.total,
      lightning: projection.lightning,
      alerts: projection.alerts,
      current: projection.current,
      searches: projection.searches,
      limit: limit?.limit ?? null,
      limit_source: limit?.source ?? null,
    };
  };
  const planned = (): PlannedSite[] =>
    monitor
      .list()
      .map(({ site, policy }) => ({ id: site.id, lat: site.lat, lon: site.lon, policy }));

  /** The spend with `change` applied, and why it is refused if it passes the limit. */
  const overBudget = (sites: PlannedSite[]): string | undefined => {
    const projection = spend(sites);
    const current = spend(planned());
    if (projection.limit === null || projection.units_per_day <= projection.limit) return undefined;
    return (
      `The watch would spend ${projection.units_per_day} units a day with this site ` +
      `(${projection.searches} lightning searches a minute, alerts a minute and current conditions every 10 minutes per point; ` +
      `${current.units_per_day} now), past the daily limit of ${projection.limit} (${projection.limit_source}). ` +
      `Move the site next to another so they share a search, or raise the limit.`
    );
  };

  app.get('/sites', async (c) => {
    await monitor.ready();
    const sites = monitor.list().map(siteJson);
    return c.json({ sites, spend: spend(planned()) } satisfies SitesResponse);
  });

  app.get('/sites/:id', async (c) => {
    await monitor.ready();
    const runtime = monitor.get(c.req.param('id'));
    if (!runtime) return c.json({ error: `No site ${c.req.param('id')}` }, 404);
    const changes = await store.siteChanges(runtime.site.id, 50);
    return c.json({
      site: siteJson(runtime),
      changes: changes.map((change) => ({
        at: new Date(change.at).toISOString(),
        operator: change.operator,
        action: change.action,
        detail: JSON.parse(change.detail) as unknown,
      })),
    } satisfies SiteResponse);
  });

  app.post('/sites', writes, async (c) => {
    const body = await readJsonBody(c, createSiteSchema);
    if (!body.ok) return body.response;
    await monitor.ready();
    const policy: SitePolicy = body.value.policy ?? defaultPolicy;
    const refusal = overBudget([
      ...planned(),
      { id: 'new', lat: body.value.lat, lon: body.value.lon, policy },
    ]);
    if (refusal) return c.json({ error: refusal, spend: spend(planned()) }, 409);
    const record = await store.createSite(
      {
        name: body.value.name,
        lat: body.value.lat,
        lon: body.value.lon,
        notes: body.value.notes,
        policy: JSON.stringify(policy),
        schedule: body.value.schedule && JSON.stringify(body.value.schedule),
        outlookNotice: body.value.outlook_notice && JSON.stringify(body.value.outlook_notice),
      },
      options.operatorOf(c),
      clock(),
    );
    await options.record(c, {
      action: 'site.create',
      target: record.id,
      detail: {
        name: record.name,
        lat: record.lat,
        lon: record.lon,
        policy,
        schedule: body.value.schedule,
        outlook_notice: body.value.outlook_notice,
      },
    });
    await monitor.siteSaved(record);
    const runtime = monitor.get(record.id);
    return c.json({ site: runtime && siteJson(runtime) }, 201);
  });

  app.patch('/sites/:id', writes, async (c) => {
    const body = await readJsonBody(c, updateSiteSchema);
    if (!body.ok) return body.response;
    await monitor.ready();
    const id = c.req.param('id');
    const held = monitor.get(id);
    if (!held) return c.json({ error: `No site ${id}` }, 404);
    const { policy, schedule, outlook_notice: notice, ...rest } = body.value;
    const next = {
      id,
      lat: rest.lat ?? held.site.lat,
      lon: rest.lon ?? held.site.lon,
      policy: policy ?? held.policy,
    };
    const refusal = overBudget([...planned().filter((site) => site.id !== id), next]);
    if (refusal) return c.json({ error: refusal, spend: spend(planned()) }, 409);
    // Which thresholds moved, from what to what: the site's changes and the level change the
    // edit causes say so (monitor.siteSaved reads it back from the site's changes).
    const changed = policy ? policyChanges(held.policy, policy) : undefined;
    const record = await store.updateSite(
      id,
      {
        ...rest,
        ...(policy ? { policy: JSON.stringify(policy) } : {}),
        ...(schedule !== undefined ? { schedule: schedule && JSON.stringify(schedule) } : {}),
        ...(notice !== undefined ? { outlookNotice: notice && JSON.stringify(notice) } : {}),
      },
      options.operatorOf(c),
      clock(),
      changed,
    );
    if (!record) return c.json({ error: `No site ${id}` }, 404);
    // A change of policy is its own action, so the record can be searched for one.
    await options.record(c, {
      action: policy ? 'policy.update' : 'site.update',
      target: id,
      detail: {
        name: record.name,
        ...body.value,
        ...(changed ? { policy_changes: changed } : {}),
      },
    });
    await monitor.siteSaved(record);
    const runtime = monitor.get(id);
    return c.json({ site: runtime && siteJson(runtime) });
  });

  app.delete('/sites/:id', writes, async (c) => {
    const id = c.req.param('id');
    const deleted = await store.deleteSite(id, options.operatorOf(c), clock());
    if (!deleted) return c.json({ error: `No site ${id}` }, 404);
    await options.record(c, { action: 'site.delete', target: id });
    monitor.siteDeleted(id);
    return c.body(null, 204);
  });

  app.get('/events', async (c) => {
    const query = parseQuery(eventsQuery, new URL(c.req.url).searchParams);
    if (!query.ok) return c.json({ error: query.error }, 400);
    const { site, format, ...paging } = query.value;
    const filter: EventFilter = { ...recordFilter(paging), siteId: site };
    if (format === 'csv') return csvExport(c, store, filter, clock());
    const events = await store.listEvents(filter);
    const last = events.at(-1);
    return c.json({
      events: events.map(eventJson),
      next_before: events.length === filter.limit && last ? last.id : null,
    } satisfies EventsResponse);
  });

  app.post('/events/:id/ack', writes, async (c) => {
    const path = parseQuery(eventPath, Object.entries(c.req.param()));
    if (!path.ok) return c.json({ error: path.error }, 400);
    const { id } = path.value;
    const body = await readJsonBody(c, ackSchema);
    if (!body.ok) return body.response;
    const event = await store.getEvent(id);
    if (!event) return c.json({ error: `No event ${id}` }, 404);
    const operator = options.operatorOf(c);
    const result = await store.acknowledge(id, operator, body.value.note, clock());
    if (!result.ok)
      return c.json({ error: `Event ${id} was already acknowledged by ${result.by}` }, 409);
    await options.record(c, {
      action: 'event.acknowledge',
      target: String(id),
      detail: { site_id: event.site_id, note: body.value.note },
    });
    const acknowledged = await store.getEvent(id);
    if (acknowledged) hub.publish({ event: 'ack', data: eventJson(acknowledged) });
    return c.json({ event: acknowledged && eventJson(acknowledged) });
  });

  // The record is append-only through every interface, this one included.
  app.on(['PUT', 'PATCH', 'DELETE'], ['/events', '/events/:id', '/events/:id/ack'], (c) => {
    c.header('Allow', c.req.path.endsWith('/ack') ? 'POST' : 'GET, HEAD');
    return c.json(
      { error: 'Events are a permanent record: they cannot be changed or deleted' },
      405,
    );
  });

  app.get('/stream', async (c) => {
    const query = parseQuery(streamQuery, new URL(c.req.url).searchParams);
    if (!query.ok) return c.json({ error: query.error }, 400);
    await monitor.ready();
    // The header is the browser's own on a reconnect: one it cannot read resumes nothing.
    const header = c.req.header('last-event-id');
    const lastEventId = header === undefined ? query.value.last_event_id : Number(header);
    const bounds = options.streams;
    const client = options.clientOf(c);
    const queue: { event: string; id?: string; data: string; bytes: number }[] = [];
    // What this stream owes its client: queued, plus the write on its way to the socket. A
    // client that stops reading fills its socket's buffers, then this; past a bound, or when it
    // has not emptied for the drain time, the connection is closed and the page resumes it
    // later from its last event id, instead of the server holding its backlog forever.
    let unsent = 0;
    let backlogSince: number | undefined;
    let wake: (() => void) | undefined;
    let ended = false;
    let cut: (() => void) | undefined;
    const owe = (bytes: number) => {
      if (unsent === 0) backlogSince = bounds.clock();
      unsent += bytes;
    };
    const paid = (bytes: number) => {
      unsent -= bytes;
      if (unsent === 0) backlogSince = undefined;
    };
    const overdue = () =>
      unsent > bounds.maxUnsentBytes ||
      (backlogSince !== undefined && bounds.clock() - backlogSince >= bounds.drainTimeoutMs);
    const checkBacklog = () => {
      if (overdue()) cut?.();
    };
    const subscription = hub.subscribe(
      (message) => {
        const data = JSON.stringify(message.data);
        const bytes = sseBytes(message.event, message.id, data);
        queue.push({ event: message.event, id: message.id, data, bytes });
        owe(bytes);
        checkBacklog();
        wake?.();
      },
      () => {
        ended = true;
        wake?.();
      },
      client,
    );
    if (!subscription.ok)
      return subscription.reason === 'client'
        ? c.json(
            {
              error: `Too many live streams from this client (at most ${hub.perClient}); close one, or poll /api/sites instead`,
            },
            429,
            { 'Retry-After': '30' },
          )
        : c.json({ error: 'Too many live streams are open; poll /api/sites instead' }, 503, {
            'Retry-After': '30',
          });
    const { unsubscribe } = subscription;
    const connection = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
    return streamSSE(c, async (stream) => {
      const write = async (bytes: number, writing: () => Promise<unknown>) => {
        owe(bytes);
        await writing();
        paid(bytes);
      };
      const send = (message: { event: string; id?: string; data: string; retry?: number }) =>
        write(sseBytes(message.event, message.id, message.data), () => stream.writeSSE(message));
      cut = () => {
        if (stream.aborted) return;
        options.logger.info('stream-cut', {
          reason:
            unsent > bounds.maxUnsentBytes
              ? `more than ${bounds.maxUnsentBytes} bytes unsent`
              : `not drained for ${bounds.drainTimeoutMs} ms`,
        });
        unsubscribe();
        queue.length = 0;
        stream.abort();
        // The socket is what holds the backlog: only closing it frees the client's buffers.
        connection?.destroy();
        wake?.();
      };
      // Nothing may arrive for a while, or the loop may sit in a write that never completes:
      // the drain time is checked on its own too.
      const watchdog = setInterval(checkBacklog, Math.max(1000, bounds.drainTimeoutMs / 6));
      watchdog.unref();
      stream.onAbort(() => {
        unsubscribe();
        wake?.();
      });
      try {
        // A stream resumed after a drop first replays the record it missed, then, like a new
        // one, gets every site's status now.
        if (lastEventId !== undefined && Number.isSafeInteger(lastEventId) && lastEventId >= 0) {
          const missed = await store.listEvents({
            afterId: lastEventId,
            limit: eventPaging.maxLimit,
          });
          for (const event of missed) {
            if (stream.aborted) break;
            await send({
              event: 'record',
              id: String(event.id),
              data: JSON.stringify(eventJson(event)),
            });
          }
        }
        const latest = await store.latestEventId();
        for (const runtime of monitor.list()) {
          if (stream.aborted) break;
          await send({
            event: 'status',
            data: JSON.stringify({
              site_id: runtime.site.id,
              status: statusJson(runtime.status, runtime.storm, runtime.offHours),
            }),
          });
        }
        if (!stream.aborted)
          await send({ event: 'ready', id: String(latest), data: '{}', retry: 3000 });
        const heartbeatMs = options.heartbeatMs ?? 15_000;
        while (!stream.aborted && !stream.closed && !ended) {
          const message = queue.shift();
          if (message) {
            const { bytes, ...frame } = message;
            await stream.writeSSE(frame);
            paid(bytes);
            continue;
          }
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, heartbeatMs);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = undefined;
          if (queue.length === 0 && !stream.aborted && !ended)
            await write(keepAlive.length, () => stream.write(keepAlive));
        }
      } finally {
        clearInterval(watchdog);
        unsubscribe();
      }
    });
  });

  return app;
}

/** `POST /api/events/:id/ack`: the event's number. */
export const eventPath = z.strictObject({ id: serialIdParam('an event id') });

/** A record's window and page from its parsed query, as the event log and the audit read it. */
export function recordFilter(query: {
  since?: number;
  until?: number;
  before?: number;
  limit: number;
}) {
  return { since: query.since, until: query.until, beforeId: query.before, limit: query.limit };
}

/** The whole filtered record as CSV, oldest last, read and written a page at a time. */
function csvExport(c: Context, store: WatchStore, filter: EventFilter, now: number): Response {
  return pagedCsv(c, {
    name: 'events',
    header: csvHeader,
    beforeId: filter.beforeId,
    page: (beforeId, limit) => store.listEvents({ ...filter, beforeId, limit }),
    row: (event) => csvRow(eventJson(event)),
    now,
  });
}

/**
 * A record (events, the audit) filtered, as a CSV download: newest first, read and written a
 * page at a time, at most `eventPaging.csvMaxRows` rows.
 */
export function pagedCsv<T extends { id: number }>(
  c: Context,
  options: {
    /** The file's name: skydeck-<name>-<date>.csv. */
    name: string;
    header: string;
    beforeId: number | undefined;
    page: (beforeId: number | undefined, limit: number) => Promise<T[]>;
    row: (item: T) => string;
    now: number;
  },
): Response {
  const encoder = new TextEncoder();
  let before = options.beforeId;
  let written = 0;
  let headerSent = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        controller.enqueue(encoder.encode(options.header));
        return;
      }
      const page = await options.page(before, eventPaging.maxLimit);
      const rows = page.slice(0, eventPaging.csvMaxRows - written);
      if (rows.length === 0) return controller.close();
      controller.enqueue(encoder.encode(rows.map(options.row).join('')));
      written += rows.length;
      before = rows.at(-1)?.id;
      if (page.length < eventPaging.maxLimit || written >= eventPaging.csvMaxRows)
        controller.close();
    },
  });
  const stamp = new Date(options.now).toISOString().slice(0, 10);
  return c.body(body, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="skydeck-${options.name}-${stamp}.csv"`,
  });
}
