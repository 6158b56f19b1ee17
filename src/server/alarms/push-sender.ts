import webpush from 'web-push';
import type { PushPayload } from '../../shared/api/push';
import type { Resolver } from './address-guard';
import { clip, headline, type Notice } from './messages';
import {
  publicOperator,
  type PushStore,
  type PushSubscription,
  type VapidKeys,
} from './push-store';
import { postWebhook, type SendResult } from './webhook-sender';

/**
 * How long a push service keeps a message for a phone that is off (seconds): a stop heard half
 * an hour late is history, and the site page says where things stand now.
 */
export const pushTtlSeconds = 30 * 60;

/** Push services take at most 4 kB of ciphertext; the reason is cut well below it. */
const maxBody = 600;

/** What a notification says: DRILL for a drill (its title and nothing else), else the headline. */
export function pushPayload(notice: Notice, url = notice.url): PushPayload {
  const drill = notice.kind === 'drill';
  return {
    title: drill ? 'DRILL' : headline(notice),
    body: clip(
      drill ? `${headline(notice)}. ${notice.event.reason}` : notice.event.reason,
      maxBody,
    ),
    site_id: notice.site.id,
    site_name: notice.site.name,
    level: notice.event.to,
    url,
    ...(notice.kind === 'outlook' ? { kind: 'outlook' as const } : {}),
  };
}

export interface PushSenderOptions {
  store: PushStore;
  keys: () => Promise<VapidKeys>;
  /** VAPID `sub`: mailto: or https:. */
  subject: string;
  allowPrivate: boolean;
  timeoutMs: number;
  resolve?: Resolver;
  /**
   * Where a public subscription's notification opens: its site's public page, since the browser
   * has no session for the board. Undefined for an operator's (the board's site page).
   */
  publicLink?: (subscription: PushSubscription) => Promise<string | undefined>;
}

export type PushSender = (subscription: PushSubscription, notice: Notice) => Promise<SendResult>;

/**
 * One push, per RFC 8030/8291/8292: web-push encrypts the payload (aes128gcm) and signs the
 * VAPID JWT (`generateRequestDetails`), and the webhooks' own sender POSTs it. Not
 * `sendNotification`: that makes its own request, past the address guard (a subscription's
 * endpoint is whatever a browser, or someone posing as one, sent), without the pinned address,
 * the deadline over the whole attempt or the bounded read, and it throws where the delivery log
 * wants a retryable-or-not outcome (a 5xx and 429 retried, Retry-After obeyed, as for webhooks).
 * A 404 or 410 says the browser unsubscribed: the subscription is deleted, never retried.
 */
export function pushSender(options: PushSenderOptions): PushSender {
  return async (subscription, notice) => {
    const keys = await options.keys();
    const details = webpush.generateRequestDetails(
      {
        endpoint: subscription.endpoint,
        keys: { p256dh: subscription.p256dh, auth: subscription.auth },
      },
      JSON.stringify(pushPayload(notice, (await options.publicLink?.(subscription)) ?? notice.url)),
      {
        vapidDetails: { subject: options.subject, ...keys },
        TTL: pushTtlSeconds,
        urgency: notice.event.to === 'stop' ? 'high' : 'normal',
        contentEncoding: 'aes128gcm',
      },
    );
    const headers = Object.fromEntries(
      Object.entries(details.headers).map(([name, value]) => [name, String(value)]),
    );
    const result = await postWebhook(details.endpoint, details.body, headers, {
      allowPrivate: options.allowPrivate,
      timeoutMs: options.timeoutMs,
      resolve: options.resolve,
    });
    if (result.status === 404 || result.status === 410) {
      await options.store.delete(subscription.id);
      return {
        ...result,
        outcome: 'failed',
        retryable: false,
        detail: `HTTP ${result.status}: the push service no longer knows this browser (it unsubscribed or expired); the subscription was deleted`,
      };
    }
    return result;
  };
}

/** The subscription's name in a drill's list: whose browser, at which push service. */
export function pushName(subscription: PushSubscription): string {
  if (subscription.operator === publicOperator)
    return `a public page's browser (${new URL(subscription.endpoint).hostname})`;
  return `${subscription.operator}'s browser (${new URL(subscription.endpoint).hostname})`;
}
