import { randomBytes } from 'node:crypto';
import type { HttpBindings } from '@hono/node-server';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import { streamSSE } from 'hono/streaming';
import {
  type PublicStatus,
  type ShareResponse,
  sharePath,
  shareTokenPattern,
} from '../../shared/api/public-status';
import { alarmDefaults } from '../../shared/api/channels';
import {
  publicPushLimits,
  publicPushSubscribeSchema,
  publicPushUnsubscribeSchema,
  pushIdPrefix,
  type SavedPushSubscriptionResponse,
} from '../../shared/api/push';
import { deletePublicSubscriptions, publicOperator, PushStore } from '../alarms/push-store';
import type { AuditRecorder } from '../audit/audit-log';
import { type CapService, capResponse } from '../cap/cap-routes';
import { newRecordId } from '../db/ids';
import { ClientRateLimiter } from '../http/protection';
import type { WatchDatabase } from '../db/database';
import type { Logger } from '../log';
import type { StatusHub } from './hub';
import { jsonBodyLimit, readJsonBody } from './json-body';
import type { Monitor, SiteRuntime } from './monitor';
import type { StreamBounds } from './routes';
import { statusJson } from './site-json';

export interface ShareRouteOptions {
  database: WatchDatabase;
  monitor: Monitor;
  hub: StatusHub;
  /** Server time, epoch ms. */
  clock: () => number;
  logger: Logger;
  writeGuards: MiddlewareHandler[];
  operatorOf: (c: Context) => string;
  record: AuditRecorder;
  clientOf: (c: Context) => string;
  streams: StreamBounds;
  /**
   * How often an open public stream asks the database whether its link still stands, and sends
   * a comment so proxies keep it open (ms).
   */
  recheckMs?: number;
  /** The shared site's CAP message (`GET /public/:token/cap`). */
  cap: Pick<CapService, 'siteAnswer'>;
  /** "Notify me": the write header only (the public has no session), and the address guard. */
  publicPush: {
    writeGuards: MiddlewareHandler[];
    /** The address guard's refusal of an endpoint (as for a webhook's target), if any. */
    checkEndpoint: (endpoint: string) => Promise<{ refused?: string }>;
  };
}

/** A push subscription is a few hundred bytes; the limit leaves room for a long endpoint. */
const maxPushBodyBytes = 8 * 1024;

/** 144 random bits: past the 128, and a whole number of base64 characters (24). */
const tokenBytes = 18;

const iso = (ms: number) => new Date(ms).toISOString();

/** What a parent may see of a site: its name and zone, its level and why, and nothing else. */
export function publicStatus(runtime: SiteRuntime, now: number): PublicStatus {
  const status = statusJson(runtime.status, runtime.storm, runtime.offHours);
  return {
    site: { name: runtime.site.name, timezone: runtime.timeZone ?? null },
    status: {
      level: status.level,
      since: status.since,
      all_clear_at: status.all_clear_at,
      data_age_s: status.data_age_s,
      reasons: status.reasons,
    },
    updated_at: iso(now),
  };
}

/**
 * A site's public status link: `POST /sites/:id/share` makes it (or answers the one it has),
 * `DELETE` revokes it, and `GET /public/:token` and its live stream are open to anyone holding
 * it. Tokens live in the database only and are read there on every request (and by an open
 * stream every `recheckMs`), so a revoke on one replica is a 404 on every replica at once.
 */
export function shareRoutes(options: ShareRouteOptions) {
  const { database, monitor, hub, clock } = options;
  const db = database.db;
  const pushStore = new PushStore(db);
  const app = new Hono();
  const writes = every(jsonBodyLimit(1024), ...options.writeGuards);

  const shareOf = (siteId: string) =>
    db
      .selectFrom('site_shares')
      .select('token')
      .where('site_id', '=', siteId)
      .executeTakeFirst()
      .then((row) => row?.token);

  /** The site a token opens, if the link stands and the site is still watched. */
  const sharedSite = async (token: string): Promise<SiteRuntime | undefined> => {
    // A token of the wrong shape is no token: answered without asking the database.
    if (!shareTokenPattern.test(token)) return undefined;
    const row = await db
      .selectFrom('site_shares')
      .select('site_id')
      .where('token', '=', token)
      .executeTakeFirst();
    if (!row) return undefined;
    await monitor.ready();
    return monitor.get(row.site_id);
  };

  const noLink = (c: Context) =>
    c.json({ error: 'No such status link (it may have been revoked)' }, 404);

  app.post('/sites/:id/share', writes, async (c) => {
    await monitor.ready();
    const id = c.req.param('id');
    if (!monitor.get(id)) return c.json({ error: `No site ${id}` }, 404);
    const held = await shareOf(id);
    if (held) return c.json({ token: held, url: sharePath(held) } satisfies ShareResponse, 200);
    const token = randomBytes(tokenBytes).toString('base64url');
    // Two operators (or replicas) asking at once: one insert wins, both answer its token.
    await db
      .insertInto('site_shares')
      .values({ site_id: id, token, created_at: clock(), created_by: options.operatorOf(c) })
      .onConflict((conflict) => conflict.column('site_id').doNothing())
      .execute();
    const stored = await shareOf(id);
    if (!stored) return c.json({ error: `No site ${id}` }, 404);
    if (stored === token) await options.record(c, { action: 'share.create', target: id });
    return c.json(
      { token: stored, url: sharePath(stored) } satisfies ShareResponse,
      stored === token ? 201 : 200,
    );
  });

  app.delete('/sites/:id/share', writes, async (c) => {
    await monitor.ready();
    const id = c.req.param('id');
    if (!monitor.get(id)) return c.json({ error: `No site ${id}` }, 404);
    const result = await db.deleteFrom('site_shares').where('site_id', '=', id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0)
      return c.json({ error: `Site ${id} has no status link` }, 404);
    // The browsers that followed the link follow it no more (a new link starts with none).
    await deletePublicSubscriptions(db, id);
    await options.record(c, { action: 'share.revoke', target: id });
    return c.body(null, 204);
  });

  app.get('/public/:token', async (c) => {
    const runtime = await sharedSite(c.req.param('token'));
    if (!runtime) return noLink(c);
    return c.json(publicStatus(runtime, clock()), 200, { 'Cache-Control': 'no-store' });
  });

  // The site's CAP message for a siren or sign outside the control room: the same message as
  // `GET /cap/sites/:id`, its `web` the public page rather than the board.
  app.get('/public/:token/cap', async (c) => {
    const token = c.req.param('token');
    const runtime = await sharedSite(token);
    if (!runtime) return noLink(c);
    return capResponse(
      c,
      await options.cap.siteAnswer(runtime.site.id, sharePath(token)),
      'No such status link (it may have been revoked)',
    );
  });

  // Per client address and link, with the API's own bucket: a page subscribing a browser again
  // and again, or a script posing as many browsers, is refused long before the per-site cap.
  const subscribers = new ClientRateLimiter(publicPushLimits.perClientPerMinute, clock);
  const pushWrites = every(jsonBodyLimit(maxPushBodyBytes), ...options.publicPush.writeGuards);
  const bad = (c: Context, field: string, rule: string) =>
    c.json({ error: `Invalid ${field}: ${rule}` }, 400);

  app.post('/public/:token/push', pushWrites, async (c) => {
    const token = c.req.param('token');
    const runtime = await sharedSite(token);
    if (!runtime) return noLink(c);
    const body = await readJsonBody(c, publicPushSubscribeSchema);
    if (!body.ok) return body.response;
    const { subscription } = body.value;
    const verdict = subscribers.take(`${options.clientOf(c)} ${token}`);
    if (!verdict.allowed)
      return c.json(
        {
          error: `At most ${publicPushLimits.perClientPerMinute} subscriptions a minute from one address to one status link: try again in ${verdict.retryAfter} s`,
        },
        429,
        { 'Retry-After': String(verdict.retryAfter) },
      );
    const guard = await options.publicPush.checkEndpoint(subscription.endpoint);
    if (guard.refused) return bad(c, 'subscription.endpoint', guard.refused);
    const siteId = runtime.site.id;
    const existing = await pushStore.byEndpoint(subscription.endpoint);
    // An operator's own browser keeps what it follows: a public page never takes it over.
    if (existing && existing.operator !== publicOperator)
      return c.json(
        {
          error:
            'This browser already gets Skydeck notifications as an operator’s; change them on the board instead',
        },
        409,
      );
    const again = existing?.sites?.[0] === siteId;
    if (!again && (await pushStore.countPublic(siteId)) >= publicPushLimits.perSite)
      return c.json(
        {
          error: `This status link already notifies ${publicPushLimits.perSite} browsers, the most one site may have; follow the page instead`,
        },
        409,
      );
    const id = await pushStore.save(`${pushIdPrefix}${newRecordId()}`, {
      operator: publicOperator,
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      // Entering or leaving these: "play suspended", and "play resumed" (the all-clear).
      levels: alarmDefaults.levels,
      sites: [siteId],
      createdAt: clock(),
    });
    return c.json({ id } satisfies SavedPushSubscriptionResponse, 201);
  });

  app.delete('/public/:token/push', pushWrites, async (c) => {
    const runtime = await sharedSite(c.req.param('token'));
    if (!runtime) return noLink(c);
    const body = await readJsonBody(c, publicPushUnsubscribeSchema);
    if (!body.ok) return body.response;
    if (!(await pushStore.deletePublic(runtime.site.id, body.value.endpoint)))
      return c.json({ error: 'This browser is not subscribed to this status link' }, 404);
    return c.body(null, 204);
  });

  app.get('/public/:token/stream', async (c) => {
    const token = c.req.param('token');
    const first = await sharedSite(token);
    if (!first) return noLink(c);
    const siteId = first.site.id;
    // Only whether the site changed is kept, never a queue: what is sent is its status then.
    let changed = false;
    let ended = false;
    let wake: (() => void) | undefined;
    const subscription = hub.subscribe(
      (message) => {
        if (message.event !== 'status') return;
        if ((message.data as { site_id?: string }).site_id !== siteId) return;
        changed = true;
        wake?.();
      },
      () => {
        ended = true;
        wake?.();
      },
      options.clientOf(c),
    );
    if (!subscription.ok)
      return c.json({ error: 'Too many live streams; poll this link’s status instead' }, 429, {
        'Retry-After': '30',
      });
    const { unsubscribe } = subscription;
    const connection = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
    const recheckMs = options.recheckMs ?? 15_000;
    return streamSSE(c, async (stream) => {
      stream.onAbort(() => {
        unsubscribe();
        wake?.();
      });
      // A client that stops reading holds a write open: past the drain time it is cut, as the
      // board's stream cuts one, and the page resumes (or polls) later.
      const write = async (writing: Promise<unknown>) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const late = new Promise<'late'>((resolve) => {
          timer = setTimeout(() => resolve('late'), options.streams.drainTimeoutMs);
        });
        const outcome = await Promise.race([writing.then(() => 'sent' as const), late]);
        clearTimeout(timer);
        if (outcome === 'late') {
          options.logger.info('stream-cut', {
            reason: `not drained for ${options.streams.drainTimeoutMs} ms`,
          });
          stream.abort();
          connection?.destroy();
        }
      };
      const sendStatus = async (runtime: SiteRuntime) =>
        write(
          stream.writeSSE({
            event: 'status',
            data: JSON.stringify(publicStatus(runtime, clock())),
            retry: 3000,
          }),
        );
      try {
        await sendStatus(first);
        while (!stream.aborted && !stream.closed && !ended) {
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, recheckMs);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = undefined;
          if (stream.aborted || ended) break;
          const runtime = await sharedSite(token);
          if (!runtime) {
            // Revoked (or the site deleted): the page is told, and its next read is a 404.
            await write(stream.writeSSE({ event: 'revoked', data: '{}' }));
            break;
          }
          if (changed) {
            changed = false;
            await sendStatus(runtime);
          } else await write(stream.write(': keep-alive\n\n'));
        }
      } finally {
        unsubscribe();
      }
    });
  });

  return app;
}
