import { z } from 'zod';
import { getJson, sendJson } from '../../../lib/api-client';
import {
  type CreatePushSubscriptionBody,
  pushKeyResponseSchema,
  pushSubscriptionsResponseSchema,
  type PushSubscriptionJson,
  savedPushSubscriptionSchema,
} from '../../../../shared/api/push';
import { keyBytes, pushWorker } from '../../../lib/push-support';

/**
 * This browser's Web Push subscription, as "Notify this device" drives it: the service worker
 * registered only here (never by the first screen, never by a kiosk), the permission asked only
 * on a click, the subscription sent to the server and its id kept in this browser.
 */

const storageKey = 'skydeck.push-subscription';

interface Stored {
  endpoint: string;
  id: string;
}

function stored(endpoint: string): string | undefined {
  try {
    const value = JSON.parse(window.localStorage.getItem(storageKey) ?? 'null') as Stored | null;
    return value?.endpoint === endpoint ? value.id : undefined;
  } catch {
    return undefined;
  }
}

/** The server's record of this browser's subscription, if it has one. */
export async function currentSubscription(): Promise<PushSubscriptionJson | undefined> {
  const subscription = await (await pushWorker()).pushManager.getSubscription();
  const id = subscription && stored(subscription.endpoint);
  if (!id) return undefined;
  const answer = await getJson('push/subscriptions', {}, pushSubscriptionsResponseSchema);
  return answer?.subscriptions.find((entry) => entry.id === id);
}

/**
 * Asks the permission (the browser's prompt, after a click), subscribes this browser with the
 * server's key and tells the server what it follows. Resolves 'denied' when the person said no.
 */
export async function subscribeDevice(
  follow: Pick<CreatePushSubscriptionBody, 'levels' | 'sites'>,
): Promise<'subscribed' | 'denied'> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const worker = await pushWorker();
  const key = await getJson('push/key', {}, pushKeyResponseSchema);
  if (!key) throw new Error('The server gave no push key');
  const subscription =
    (await worker.pushManager.getSubscription()) ??
    (await worker.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(key.public_key),
    }));
  const json = subscription.toJSON();
  const saved = await sendJson(
    'POST',
    'push/subscriptions',
    {
      subscription: { endpoint: subscription.endpoint, keys: json.keys },
      ...follow,
    },
    savedPushSubscriptionSchema,
  );
  if (saved)
    window.localStorage.setItem(
      storageKey,
      JSON.stringify({ endpoint: subscription.endpoint, id: saved.id } satisfies Stored),
    );
  return 'subscribed';
}

/** Stops the pushes: the server forgets this browser, and the browser its subscription. */
export async function unsubscribeDevice(): Promise<void> {
  const subscription = await (await pushWorker()).pushManager.getSubscription();
  const id = subscription && stored(subscription.endpoint);
  if (id)
    await sendJson(
      'DELETE',
      `push/subscriptions/${encodeURIComponent(id)}`,
      undefined,
      z.unknown(),
    );
  await subscription?.unsubscribe();
  window.localStorage.removeItem(storageKey);
}
