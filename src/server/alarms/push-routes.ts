import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import {
  createPushSubscriptionSchema,
  pushIdPrefix,
  pushLimits,
  type PushKeyResponse,
  type PushSubscriptionsResponse,
  type SavedPushSubscriptionResponse,
} from '../../shared/api/push';
import type { AuditRecorder } from '../audit/audit-log';
import { newRecordId } from '../db/ids';
import { jsonBodyLimit, readJsonBody } from '../watch/json-body';
import type { PushStore, VapidKeys } from './push-store';

export interface PushRouteOptions {
  store: PushStore;
  keys: () => Promise<VapidKeys>;
  clock: () => number;
  /** A signed-in operator (any role), and the write header on writes. */
  operatorGuards: MiddlewareHandler[];
  operatorOf: (c: Context) => string;
  record: AuditRecorder;
  siteExists: (id: string) => Promise<boolean>;
  /** The address guard's refusal of an endpoint (as for a webhook's target), if any. */
  checkEndpoint: (endpoint: string) => Promise<{ refused?: string }>;
  ready: () => Promise<void>;
}

/** A subscription is a few hundred bytes; the limit leaves room for a long endpoint and sites. */
const maxBodyBytes = 32 * 1024;

/**
 * `/push/key` (open: a browser needs it to subscribe) and `/push/subscriptions`: each operator
 * subscribes their own browsers and sees and deletes only those.
 */
export function pushRoutes(options: PushRouteOptions) {
  const { store, clock } = options;
  const app = new Hono();
  const guarded = every(jsonBodyLimit(maxBodyBytes), ...options.operatorGuards);
  const bad = (c: Context, field: string, rule: string) =>
    c.json({ error: `Invalid ${field}: ${rule}` }, 400);

  app.get('/push/key', async (c) => {
    await options.ready();
    return c.json({ public_key: (await options.keys()).publicKey } satisfies PushKeyResponse);
  });

  app.post('/push/subscriptions', guarded, async (c) => {
    const body = await readJsonBody(c, createPushSubscriptionSchema);
    if (!body.ok) return body.response;
    await options.ready();
    const { subscription, levels, sites } = body.value;
    const guard = await options.checkEndpoint(subscription.endpoint);
    if (guard.refused) return bad(c, 'subscription.endpoint', guard.refused);
    for (const [index, id] of (sites ?? []).entries())
      if (!(await options.siteExists(id))) return bad(c, `sites.${index}`, `no site ${id}`);
    const operator = options.operatorOf(c);
    const existing = await store.byEndpoint(subscription.endpoint);
    if (existing?.operator !== operator && (await store.count(operator)) >= pushLimits.perOperator)
      return c.json(
        {
          error: `An operator may subscribe at most ${pushLimits.perOperator} browsers: delete one first (DELETE /api/push/subscriptions/:id)`,
        },
        409,
      );
    const id = await store.save(`${pushIdPrefix}${newRecordId()}`, {
      operator,
      endpoint: subscription.endpoint,
      p256dh: subscription.keys.p256dh,
      auth: subscription.keys.auth,
      levels,
      sites,
      createdAt: clock(),
    });
    await options.record(c, {
      action: 'push.subscribe',
      target: id,
      detail: { service: new URL(subscription.endpoint).origin, levels, sites },
    });
    return c.json({ id } satisfies SavedPushSubscriptionResponse, 201);
  });

  app.get('/push/subscriptions', every(...options.operatorGuards), async (c) => {
    await options.ready();
    c.header('Cache-Control', 'no-store');
    const subscriptions = await store.list(options.operatorOf(c));
    return c.json({
      subscriptions: subscriptions.map((subscription) => ({
        id: subscription.id,
        endpoint_origin: new URL(subscription.endpoint).origin,
        levels: subscription.levels,
        sites: subscription.sites,
        created_at: new Date(subscription.createdAt).toISOString(),
      })),
    } satisfies PushSubscriptionsResponse);
  });

  app.delete('/push/subscriptions/:id', guarded, async (c) => {
    await options.ready();
    const id = c.req.param('id');
    if (!(await store.delete(id, options.operatorOf(c))))
      return c.json({ error: `No push subscription ${id} of yours` }, 404);
    await options.record(c, { action: 'push.unsubscribe', target: id, detail: {} });
    return c.body(null, 204);
  });

  return app;
}
