/**
 * The paths the PWA's router shows a page for (pwa/src/app/router.tsx; its test keeps the two equal).
 * The server answers 200 with the app for these and 404 (with the app's not-found page) for any other
 * navigation; the service worker serves its offline shell for these only.
 */
export const APP_ROUTES = [
  '/',
  '/listing',
  '/booking',
  '/contact',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/tracking',
  '/payment',
  '/payment/:paymentId',
  '/confirm',
  '/dashboard',
  '/dashboard/profile',
  '/dashboard/bookings',
  '/dashboard/bookings/:bookingId',
  '/dashboard/bookings/:bookingId/boarding-pass',
  '/dashboard/payments',
  '/dashboard/airports',
  '/dashboard/flights',
  '/dashboard/settings',
  '/dashboard/support',
  '/dashboard/all-payments',
  '/dashboard/all-bookings',
  '/dashboard/overview',
  '/dashboard/users',
  '/dashboard/users/:userId',
  '/dashboard/audit',
  '/dashboard/outbox',
  '/about',
  '/policy',
  '/terms',
  '/articles/:id',
] as const;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A route as a pattern of a path with an optional trailing slash and query (workbox matches both). */
export function appRoutePattern(route: string): RegExp {
  const path =
    route === '/'
      ? ''
      : route
          .split('/')
          .map((part) => (part.startsWith(':') ? '[^/?#]+' : escape(part)))
          .join('/');
  return new RegExp(`^${path}/?(?:\\?.*)?$`, 'i');
}

// NOTE: built on first use, not on import: a module-level call would keep every route in each bundle that imports CHAT_PARAM.
let patterns: RegExp[] | undefined;

export function isAppRoute(path: string): boolean {
  patterns ??= APP_ROUTES.map(appRoutePattern);
  return patterns.some((pattern) => pattern.test(path));
}

/** The query a page opens with to show the support chat open (a support reply's notification links to it). */
export const CHAT_PARAM = 'chat';
export const SUPPORT_CHAT_PATH = `/?${CHAT_PARAM}=open`;
