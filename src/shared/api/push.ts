import { z } from 'zod';
import { alarmDefaults, levelsSchema, sitesSchema } from './channels';
import { statusLevels } from '../safety/site-policy';

/**
 * Web Push (issue 30 §1): the body of `POST /api/push/subscriptions` (a browser's
 * PushSubscription as `toJSON()` gives it, and what it follows), the answers of `/api/push/*`,
 * and the payload a pushed notification carries. Field names are the issue's interface.
 */

/** Subscription ids start with this, so a delivery's `channel_id` says what it was sent to. */
export const pushIdPrefix = 'push-';

export const pushLimits = {
  endpointMax: 2000,
  /** Browsers one operator may subscribe: a phone, a laptop, a tablet or two, and old ones. */
  perOperator: 10,
} as const;

/** base64url of exactly `bytes` bytes (unpadded, as browsers give keys). */
const base64url = (bytes: number, what: string) =>
  z
    .string({ error: `must be ${what} in base64url` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: `must be ${what} in base64url` })
    .refine((text) => Math.floor((text.replace(/=+$/, '').length * 3) / 4) === bytes, {
      error: `must be ${what} (${bytes} bytes) in base64url`,
    });

const loopbackHost = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;
const httpUrl = z.url({ protocol: /^https?$/ });
const endpointRule =
  'must be an https URL without a user name or password (http only to a loopback address)';

/** Push services are https; http only to a loopback address (a test's stub on this machine). */
const endpoint = z
  .string({ error: endpointRule })
  .max(pushLimits.endpointMax, { error: `must be at most ${pushLimits.endpointMax} characters` })
  .refine(
    (text) => {
      if (!httpUrl.safeParse(text).success) return false;
      const [, scheme = '', authority = ''] = /^([a-z]+):\/\/([^/?#]*)/i.exec(text) ?? [];
      if (authority.includes('@')) return false;
      return scheme.toLowerCase() === 'https' || loopbackHost.test(authority.replace(/:\d*$/, ''));
    },
    { error: endpointRule },
  );

/** A browser's PushSubscription as `toJSON()` gives it. */
const browserSubscription = z.object(
  {
    endpoint,
    keys: z.object(
      {
        p256dh: base64url(65, 'an uncompressed P-256 public key'),
        auth: base64url(16, 'an auth secret'),
      },
      { error: 'must be {p256dh, auth}' },
    ),
    expirationTime: z.number().nullable().optional(),
  },
  { error: 'must be a push subscription {endpoint, keys: {p256dh, auth}}' },
);

export const createPushSubscriptionSchema = z.strictObject({
  subscription: browserSubscription,
  levels: levelsSchema.default(alarmDefaults.levels),
  sites: sitesSchema.nullable().default(null),
});
export type CreatePushSubscriptionBody = z.input<typeof createPushSubscriptionSchema>;

/**
 * "Notify me" on a public status page (`/s/:token`): an anonymous subscription to that one site,
 * bounded per site and per client so a shared link cannot fill the table or the dispatcher.
 */
export const publicPushLimits = {
  /** Browsers one shared site may have subscribed: a school's parents, not a city. */
  perSite: 500,
  /** Subscribes one client address may make to one link per minute (a household behind NAT). */
  perClientPerMinute: 5,
} as const;

/** `POST /api/public/:token/push`: the browser's subscription, nothing else to choose. */
export const publicPushSubscribeSchema = z.strictObject({ subscription: browserSubscription });

/** `DELETE /api/public/:token/push`: the endpoint, which only its browser knows. */
export const publicPushUnsubscribeSchema = z.strictObject({ endpoint });

/** `GET /api/push/key`: the VAPID public key, base64url of the uncompressed P-256 point. */
export const pushKeyResponseSchema = z.object({ public_key: z.string() });
export type PushKeyResponse = z.output<typeof pushKeyResponseSchema>;

/** `POST /api/push/subscriptions` (201). */
export const savedPushSubscriptionSchema = z.object({ id: z.string() });
export type SavedPushSubscriptionResponse = z.output<typeof savedPushSubscriptionSchema>;

const pushSubscriptionSchema = z.object({
  id: z.string(),
  /** The push service's origin only: the endpoint's path is the device's address. */
  endpoint_origin: z.string(),
  levels: z.array(z.enum(statusLevels)),
  sites: z.array(z.string()).nullable(),
  created_at: z.string(),
});
export type PushSubscriptionJson = z.output<typeof pushSubscriptionSchema>;

/** `GET /api/push/subscriptions`: the signed-in operator's own. */
export const pushSubscriptionsResponseSchema = z.object({
  subscriptions: z.array(pushSubscriptionSchema),
});
export type PushSubscriptionsResponse = z.output<typeof pushSubscriptionsResponseSchema>;

/** What a pushed message decrypts to; the service worker shows it. */
export interface PushPayload {
  title: string;
  body: string;
  site_id: string;
  site_name: string;
  level: (typeof statusLevels)[number];
  url: string;
  /**
   * `outlook` for a forecast notice: shown beside the site's level notification, never in its
   * place (a forecast must not replace a stop on screen). Absent for everything else.
   */
  kind?: 'outlook';
}
