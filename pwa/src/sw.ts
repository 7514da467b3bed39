/// <reference lib="webworker" />
import { addPlugins, cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { ExpirationPlugin } from 'workbox-expiration';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { PushPayloadSchema } from '../../sync/schemas/push';
import { APP_ROUTES, appRoutePattern } from '../../sync/app-routes';
import { openNotificationTarget } from './lib/notification-target';
import { onBackgroundSync } from './local/background-flush';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | { url: string; revision: string | null })[] };

// The app's update prompt (components/ui/use-service-worker.ts) lets a waiting version take over.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Background Sync: queued receipts and messages are sent once online, even with every tab closed (local/background-flush.ts).
self.addEventListener('sync', onBackgroundSync);

const MANIFEST = self.__WB_MANIFEST;
const PRECACHED = new Set(MANIFEST.map((entry) => new URL(typeof entry === 'string' ? entry : entry.url, self.location.href).pathname));

/**
 * The offline shell of every app route is index.html with the assets it names. A worker installs (and so counts as
 * ready offline) only once each of them is in its own precache: an index.html of another build (the server swapped
 * its build while this worker was precaching) would name scripts this worker never cached, and a fresh tab opened
 * offline would not start. Refused here, the install fails and is tried again at the next update check.
 */
addPlugins([
  {
    cacheWillUpdate: async ({ request, response }) => {
      if (new URL(request.url).pathname !== '/index.html') return response;
      const html = await response.clone().text();
      const named = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((match) => match[1] ?? '');
      return named.length > 0 && named.every((path) => PRECACHED.has(path)) ? response : null;
    },
  },
]);
precacheAndRoute(MANIFEST);
cleanupOutdatedCaches();

// Offline every page of the app starts from index.html; any other path, and never a file, goes to the server.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    allowlist: APP_ROUTES.map(appRoutePattern),
    denylist: [/^\/api/, /^\/socket\.io/, /^\/assets\//, /\.(js|css|map|json|webmanifest|png|svg|ico|jpe?g|webp|txt)$/],
  }),
);

registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/api/images/'),
  new CacheFirst({
    cacheName: 'public-images',
    plugins: [
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60 }),
      // NOTE: receipts and chat images are private; only responses the server marks public are kept.
      {
        cacheWillUpdate: ({ response }) =>
          Promise.resolve(response.status === 200 && /\bpublic\b/.test(response.headers.get('cache-control') ?? '') ? response : null),
      },
    ],
  }),
  'GET',
);

// A Web Push message from the server (server/services/push): shown as a notification; a newer one of the same tag replaces it.
self.addEventListener('push', (event) => {
  const parsed = PushPayloadSchema.safeParse(event.data?.json());
  if (!parsed.success) return;
  const { title, body, url, tag } = parsed.data;
  event.waitUntil(self.registration.showNotification(title, { body, tag, data: { url }, icon: '/icons/icon-192.png' }));
});

// A click opens the screen the notification is about: in a tab of the app already open there, else one navigated there, else a new window.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const { url } = event.notification.data as { url: string };
  event.waitUntil(openNotificationTarget(self.clients, self.location.origin, url));
});
