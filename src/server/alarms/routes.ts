import { randomBytes } from 'node:crypto';
import { newRecordId } from '../db/ids';
import { type Context, Hono, type MiddlewareHandler } from 'hono';
import { every } from 'hono/combine';
import {
  createChannelSchema,
  type DeliveryKind,
  type DeliveryOutcome,
  emailRecipients,
  isHttpKind,
  isPhoneKind,
  targetProblem,
  unsignedRule,
  updateChannelSchema,
} from '../../shared/api/channels';
import { deliveriesQuery } from '../../shared/api/queries';
import {
  type ChannelJson,
  type ChannelKindJson,
  type ChannelsResponse,
  type DeliveriesResponse,
  type DeliveryJson,
  type SavedChannelResponse,
  type TestChannelResponse,
} from '../../shared/api/channel-answers';
import type { AuditRecorder } from '../audit/audit-log';
import { parseQuery } from '../http/query';
import type { DeliveryAttemptRow } from '../db/schema';
import { jsonBodyLimit, readJsonBody } from '../watch/json-body';
import type { AlarmStore, Channel, ChannelFields, ChannelHealth } from './alarm-store';
import type { AlarmDispatcher } from './dispatcher';

export interface AlarmRouteOptions {
  store: AlarmStore;
  dispatcher: AlarmDispatcher;
  /** Server time, epoch ms. */
  clock: () => number;
  /** A signed-in operator and a cross-site forgery check, as the watch's writes. */
  writeGuards: MiddlewareHandler[];
  operatorOf: (c: Context) => string;
  /** The audit record of every change. */
  record: AuditRecorder;
  /** Whether the request carries a signed-in operator's session (reads show targets in full). */
  signedIn: (c: Context) => Promise<boolean>;
  siteExists: (id: string) => Promise<boolean>;
  /** The kinds this server can send, with the address guard's rule for the URL ones. */
  kinds: ChannelKindJson[];
  /**
   * The address guard's word on a webhook's target, checked when it is saved as again at every
   * send: `refused` never passes it (the save is refused), `warning` does not pass it yet.
   */
  checkTarget: (target: string) => Promise<{ refused?: string; warning?: string }>;
  ready: () => Promise<void>;
}

/** Channel bodies are small; anything bigger is a mistake or an attack. */
const maxBodyBytes = 16 * 1024;
/** Channels one Skydeck holds: each is a fan-out of every level change. */
export const maxChannels = 100;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * `/channels` and `/deliveries`. Reads are open, like the rest of the watch, so a kiosk's board
 * can flag a failing channel; without a signed-in session a target is shown without what makes
 * it a credential (a webhook URL's path and query, which for Slack and Teams is the key; an
 * address's local part). A secret is never shown again after the 201 that made it.
 */
export function alarmRoutes(options: AlarmRouteOptions) {
  const { store, dispatcher, clock } = options;
  const app = new Hono();
  const writes = every(jsonBodyLimit(maxBodyBytes), ...options.writeGuards);
  const bad = (c: Context, field: string, rule: string) =>
    c.json({ error: `Invalid ${field}: ${rule}` }, 400);

  const present = async (c: Context, channels: Channel[]): Promise<ChannelJson[]> => {
    const [full, health] = await Promise.all([
      options.signedIn(c),
      store.channelHealth(channels.map((channel) => channel.id)),
    ]);
    return channels.map((channel) => channelJson(channel, health.get(channel.id), full));
  };

  /** The first site a channel names that does not exist, as a 400. */
  const unknownSite = async (c: Context, sites: string[] | null | undefined) => {
    for (const [index, id] of (sites ?? []).entries())
      if (!(await options.siteExists(id))) return bad(c, `sites.${index}`, `no site ${id}`);
    return undefined;
  };

  app.get('/channels', async (c) => {
    await options.ready();
    c.header('Cache-Control', 'no-store');
    return c.json({
      channels: await present(c, await store.listChannels()),
      kinds: options.kinds,
    } satisfies ChannelsResponse);
  });

  app.get('/channels/:id', async (c) => {
    await options.ready();
    const channel = await store.getChannel(c.req.param('id'));
    if (!channel) return c.json({ error: `No channel ${c.req.param('id')}` }, 404);
    c.header('Cache-Control', 'no-store');
    return c.json({ channel: (await present(c, [channel]))[0] });
  });

  app.post('/channels', writes, async (c) => {
    const body = await readJsonBody(c, createChannelSchema);
    if (!body.ok) return body.response;
    await options.ready();
    const value = body.value;
    const kind = options.kinds.find((entry) => entry.kind === value.kind);
    if (kind && !kind.available) return bad(c, 'kind', kind.reason ?? 'not available here');
    const guard = isHttpKind(value.kind) ? await options.checkTarget(value.target) : {};
    if (guard.refused) return bad(c, 'target', guard.refused);
    const missing = await unknownSite(c, value.sites);
    if (missing) return missing;
    if ((await store.countChannels()) >= maxChannels)
      return c.json({ error: `Skydeck holds at most ${maxChannels} channels` }, 409);
    // Generated when not given, so every HTTP channel is signed from its first delivery.
    const secret = isHttpKind(value.kind)
      ? (value.secret ?? randomBytes(32).toString('base64url'))
      : null;
    const channel = await store.createChannel(
      newRecordId(),
      {
        kind: value.kind,
        name: value.name,
        target: value.target,
        secret,
        levels: value.levels,
        sites: value.sites,
        quiet: value.quiet,
        escalateMinutes: value.escalate_minutes,
        afterMinutes: value.after_minutes,
        enabled: value.enabled,
      },
      options.operatorOf(c),
      clock(),
    );
    await options.record(c, {
      action: 'channel.create',
      target: channel.id,
      detail: auditDetail(value),
    });
    const [json] = (await present(c, [channel])) as [ChannelJson];
    // The one time the secret is shown: the receiver needs it to verify signatures.
    return c.json(
      {
        channel: { ...json, secret: secret ?? undefined },
        warning: guard.warning,
      } satisfies SavedChannelResponse,
      201,
    );
  });

  app.patch('/channels/:id', writes, async (c) => {
    const body = await readJsonBody(c, updateChannelSchema);
    if (!body.ok) return body.response;
    await options.ready();
    const id = c.req.param('id');
    const held = await store.getChannel(id);
    if (!held) return c.json({ error: `No channel ${id}` }, 404);
    const { escalate_minutes, after_minutes, ...rest } = body.value;
    let warning: string | undefined;
    if (rest.target !== undefined) {
      const problem = targetProblem(held.kind, rest.target);
      if (problem) return bad(c, 'target', problem);
      const guard = isHttpKind(held.kind) ? await options.checkTarget(rest.target) : {};
      if (guard.refused) return bad(c, 'target', guard.refused);
      warning = guard.warning;
    }
    if (rest.secret !== undefined && !isHttpKind(held.kind))
      return bad(c, 'secret', unsignedRule(held.kind));
    const missing = await unknownSite(c, rest.sites);
    if (missing) return missing;
    const changes: Partial<ChannelFields> = { ...rest };
    if (escalate_minutes !== undefined) changes.escalateMinutes = escalate_minutes;
    if (after_minutes !== undefined) changes.afterMinutes = after_minutes;
    const channel = await store.updateChannel(id, changes, options.operatorOf(c), clock());
    if (!channel) return c.json({ error: `No channel ${id}` }, 404);
    await options.record(c, {
      action: 'channel.update',
      target: id,
      detail: auditDetail({ kind: held.kind, ...body.value }),
    });
    const [json] = (await present(c, [channel])) as [ChannelJson];
    return c.json({ channel: json, warning } satisfies SavedChannelResponse);
  });

  app.delete('/channels/:id', writes, async (c) => {
    await options.ready();
    const id = c.req.param('id');
    const held = await store.getChannel(id);
    if (!(await store.deleteChannel(id))) return c.json({ error: `No channel ${id}` }, 404);
    await options.record(c, { action: 'channel.delete', target: id, detail: { name: held?.name } });
    return c.body(null, 204);
  });

  app.post('/channels/:id/test', writes, async (c) => {
    await options.ready();
    const id = c.req.param('id');
    const channel = await store.getChannel(id);
    if (!channel) return c.json({ error: `No channel ${id}` }, 404);
    const result = await dispatcher.test(channel, options.operatorOf(c));
    await options.record(c, { action: 'channel.test', target: id, detail: { name: channel.name } });
    const [attempt] = await store.listAttempts({ deliveryId: result.deliveryId, limit: 1 });
    return c.json({ delivery: attempt && deliveryJson(attempt) } satisfies TestChannelResponse);
  });

  app.get('/deliveries', async (c) => {
    const query = parseQuery(deliveriesQuery, new URL(c.req.url).searchParams);
    if (!query.ok) return c.json({ error: query.error }, 400);
    const { event, channel, limit } = query.value;
    const filter = { eventId: event, channelId: channel, limit };
    await options.ready();
    const rows = await store.listAttempts(filter);
    return c.json({ deliveries: rows.map(deliveryJson) } satisfies DeliveriesResponse);
  });

  return app;
}

/**
 * A channel's fields for the audit record: where it points, without what makes the target a
 * credential (as for a signed-out reader), and whether its secret changed, never the secret.
 */
function auditDetail(fields: {
  kind: Channel['kind'];
  target?: string;
  secret?: string | null;
  [field: string]: unknown;
}): Record<string, unknown> {
  const { secret, target, ...rest } = fields;
  return {
    ...rest,
    ...(target === undefined ? {} : { target: redactTarget({ kind: fields.kind, target }) }),
    ...(secret === undefined ? {} : { secret: 'changed' }),
  };
}

export function deliveryJson(row: DeliveryAttemptRow): DeliveryJson {
  return {
    id: row.id,
    delivery_id: row.delivery_id,
    channel_id: row.channel_id,
    event_id: row.event_id,
    kind: row.kind as DeliveryKind,
    at: iso(row.at),
    attempt: row.attempt,
    outcome: row.outcome as DeliveryOutcome,
    status: row.status,
    detail: row.detail,
    provider_sid: row.provider_sid,
  };
}

function channelJson(
  channel: Channel,
  health: ChannelHealth | undefined,
  full: boolean,
): ChannelJson {
  return {
    id: channel.id,
    kind: channel.kind,
    name: channel.name,
    target: full ? channel.target : redactTarget(channel),
    redacted: !full,
    secret_set: channel.secret !== null,
    levels: channel.levels,
    sites: channel.sites,
    quiet: channel.quiet,
    escalate_minutes: channel.escalateMinutes,
    after_minutes: channel.afterMinutes,
    enabled: channel.enabled,
    created_at: iso(channel.createdAt),
    updated_at: iso(channel.updatedAt),
    failing: health?.failing ?? false,
    last_delivery: health?.last
      ? { at: iso(health.last.at), outcome: health.last.outcome, status: health.last.status }
      : null,
  };
}

/**
 * A target without its credentials: a URL's origin (its path and query are the key of a Slack
 * or Teams webhook), an address's domain with the first letter of its local part, a phone
 * number's first and last two characters.
 */
export function redactTarget(channel: Pick<Channel, 'kind' | 'target'>): string {
  // A phone number's country code and last two digits: enough to tell two apart.
  if (isPhoneKind(channel.kind)) return `${channel.target.slice(0, 3)}…${channel.target.slice(-2)}`;
  if (!isHttpKind(channel.kind))
    return emailRecipients(channel.target)
      .map((address) => {
        const at = address.lastIndexOf('@');
        return `${address.slice(0, 1)}…${address.slice(at)}`;
      })
      .join(', ');
  const url = new URL(channel.target);
  return url.pathname === '/' && url.search === '' ? url.origin : `${url.origin}/…`;
}
