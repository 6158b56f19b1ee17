import { useEffect, useState } from 'react';
import type { PushKeyResponse } from '../../shared/api/push';
import { deniedText, keyBytes, pushUnsupported, pushWorker } from '../lib/push-support';

/**
 * "Notify me" on a public status page: this browser subscribed, anonymously, to the one shared
 * site. The worker is registered and the permission asked only on a click. Plain fetch, no zod:
 * the page must stay small, and the answers it reads are an id and an error's words.
 */

/** The endpoint this browser subscribed for a link, kept so the page knows to offer "Stop". */
const storageKey = (token: string) => `skydeck.public-push.${token}`;

function remembered(token: string): string | null {
  try {
    return window.localStorage.getItem(storageKey(token));
  } catch {
    return null;
  }
}

async function send(method: 'POST' | 'DELETE', token: string, body: object): Promise<void> {
  const response = await fetch(`/api/public/${encodeURIComponent(token)}/push`, {
    method,
    // The write header every write of the app carries (the server refuses a write without it).
    headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'skydeck' },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    const answer = (await response.json().catch(() => ({}))) as { error?: string };
    throw new Error(answer.error ?? `The server answered ${response.status}`);
  }
}

/** Whether this browser is subscribed to this link, without registering the worker. */
async function subscribedHere(token: string): Promise<boolean> {
  const endpoint = remembered(token);
  if (!endpoint || pushUnsupported()) return false;
  const worker = await navigator.serviceWorker.getRegistration('/');
  const subscription = await worker?.pushManager.getSubscription();
  return subscription?.endpoint === endpoint;
}

async function subscribe(token: string): Promise<'subscribed' | 'denied'> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const worker = await pushWorker();
  const key = (await (await fetch('/api/push/key')).json()) as PushKeyResponse;
  const subscription =
    (await worker.pushManager.getSubscription()) ??
    (await worker.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(key.public_key),
    }));
  const { keys } = subscription.toJSON();
  await send('POST', token, { subscription: { endpoint: subscription.endpoint, keys } });
  window.localStorage.setItem(storageKey(token), subscription.endpoint);
  return 'subscribed';
}

async function unsubscribe(token: string): Promise<void> {
  const worker = await navigator.serviceWorker.getRegistration('/');
  const subscription = await worker?.pushManager.getSubscription();
  const endpoint = subscription?.endpoint ?? remembered(token);
  // The server forgets it first (the endpoint proves it is ours); a browser the server no longer
  // knows is unsubscribed all the same, so no push can arrive either way.
  if (endpoint) await send('DELETE', token, { endpoint }).catch(() => undefined);
  await subscription?.unsubscribe();
  window.localStorage.removeItem(storageKey(token));
}

type NotifyState =
  { kind: 'idle'; message?: string } | { kind: 'busy' } | { kind: 'on'; message?: string };

export function NotifyMe({ token }: { token: string }) {
  const [state, setState] = useState<NotifyState>({ kind: 'idle' });
  useEffect(() => {
    let live = true;
    subscribedHere(token)
      .then((on) => live && on && setState({ kind: 'on' }))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [token]);

  const start = async () => {
    const unsupported = pushUnsupported();
    if (unsupported) return setState({ kind: 'idle', message: unsupported });
    setState({ kind: 'busy' });
    try {
      const outcome = await subscribe(token);
      setState(
        outcome === 'denied'
          ? { kind: 'idle', message: deniedText }
          : {
              kind: 'on',
              message: 'Done: this device will be told when play stops or resumes here.',
            },
      );
    } catch (error) {
      setState({ kind: 'idle', message: `Could not turn notifications on: ${errorText(error)}` });
    }
  };
  const stop = async () => {
    setState({ kind: 'busy' });
    try {
      await unsubscribe(token);
      setState({ kind: 'idle', message: 'Notifications stopped for this device.' });
    } catch (error) {
      setState({ kind: 'on', message: `Could not stop notifications: ${errorText(error)}` });
    }
  };

  const on = state.kind === 'on';
  return (
    <section className="public__notify" data-testid="public-notify">
      <button
        type="button"
        className="public__notify-button"
        data-testid={on ? 'public-notify-stop' : 'public-notify-start'}
        disabled={state.kind === 'busy'}
        onClick={() => void (on ? stop() : start())}
      >
        {on ? 'Stop notifications' : 'Notify me'}
      </button>
      <p className="public__notify-text" role="status" data-testid="public-notify-message">
        {state.kind === 'busy'
          ? 'Working…'
          : 'message' in state && state.message
            ? state.message
            : on
              ? 'This device is told when play stops or resumes here.'
              : 'Get a notification on this device when play stops or resumes here.'}
      </p>
    </section>
  );
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));
