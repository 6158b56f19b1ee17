/**
 * What a page needs to subscribe this browser to Web Push, shared by the board's "Notify this
 * device" and the public page's "Notify me" (which must stay small: no zod, no API client here).
 */

/** Why this browser cannot get pushes, in words for the page; undefined when it can. */
export function pushUnsupported(): string | undefined {
  if (!window.isSecureContext)
    return 'Notifications to this device need Skydeck opened over HTTPS.';
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return 'This browser cannot receive notifications from Skydeck. On an iPhone or iPad, add Skydeck to the Home Screen (Share, then Add to Home Screen) and open it from there; elsewhere, use a current Chrome, Edge, Firefox or Safari.';
  return undefined;
}

export const deniedText =
  'Notifications are blocked for Skydeck in this browser. Allow them in the site settings (the icon beside the address), then try again.';

/** The worker at /sw.js: registered only when a click asks for it (never by a first screen). */
export async function pushWorker(): Promise<ServiceWorkerRegistration> {
  await navigator.serviceWorker.register('/sw.js', { scope: '/', updateViaCache: 'none' });
  return navigator.serviceWorker.ready;
}

/** The server's VAPID key (base64url) as pushManager.subscribe takes it. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(text.length);
  for (let index = 0; index < text.length; index++) bytes[index] = text.charCodeAt(index);
  return bytes;
}
