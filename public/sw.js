/*
 * Skydeck's service worker: it shows the notifications the server pushes (Web Push) and opens
 * the site's page when one is clicked. Nothing else.
 *
 * Hand-written, not Workbox or vite-plugin-pwa: those exist to cache the app for offline use,
 * and a safety dashboard must never show a cached app or a cached status — a kiosk left for
 * weeks has to pick up a new deployment on its next reload, and a stale STOP or CLEAR is worse
 * than an error. So there is no fetch handler: every request goes to the network as if no worker
 * were here. A new deployment's worker takes over at once (skipWaiting, clients.claim); the
 * server sends this file with Cache-Control: no-cache and the page registers it with
 * updateViaCache 'none', so the browser always checks it for a new version.
 */

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** What the server sends: {title, body, site_id, site_name, level, url, kind?}. */
function payloadOf(event) {
  if (!event.data) return {};
  try {
    return event.data.json();
  } catch {
    return { body: event.data.text() };
  }
}

self.addEventListener('push', (event) => {
  const data = payloadOf(event);
  event.waitUntil(
    self.registration.showNotification(data.title || 'Skydeck', {
      body: data.body || '',
      icon: '/icon-192.png',
      badge: '/icon-192.png',
      // One notification a site: a newer change replaces the older, and still alerts. A forecast
      // notice has its own, so it never takes a stop's place on screen.
      tag: data.site_id
        ? `skydeck-${data.kind === 'outlook' ? 'outlook' : 'site'}-${data.site_id}`
        : undefined,
      renotify: Boolean(data.site_id),
      // A stop stays on screen until someone deals with it (a forecast does not: nothing changed).
      requireInteraction: data.level === 'stop' && data.kind !== 'outlook',
      data: { url: data.url || '/', level: data.level, site_id: data.site_id },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  // The site's page on this origin, whatever origin the server's PUBLIC_URL named.
  const link = new URL(event.notification.data?.url || '/', self.location.origin);
  const target = new URL(`${link.pathname}${link.search}${link.hash}`, self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        const moved = 'navigate' in open ? await open.navigate(target).catch(() => null) : null;
        return (moved ?? open).focus();
      }
      return self.clients.openWindow(target);
    })(),
  );
});
