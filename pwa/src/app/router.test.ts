// @vitest-environment jsdom
import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { APP_ROUTES, isAppRoute } from '../../../sync/app-routes';
import { routes } from './router';

/** Every path the router shows a page for, the catch-all left out. */
function pagePaths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    if (route.path === '*') return [];
    const path = route.path ? `${parent}/${route.path}` : parent;
    const own = route.Component && (route.index || route.path) ? [path || '/'] : [];
    return [...own, ...pagePaths(route.children ?? [], path)];
  });
}

describe('the app routes the server and the service worker know', () => {
  it('are exactly the router pages', () => {
    expect(new Set(pagePaths(routes))).toEqual(new Set(APP_ROUTES));
  });

  it('match the pages with their parameters, trailing slash and query, and nothing else', () => {
    for (const path of ['/', '/listing', '/listing/', '/listing?from=LOS&to=LHR', '/payment/abc123', '/dashboard', '/Dashboard/Bookings', '/articles/7?x=1']) {
      expect(isAppRoute(path), path).toBe(true);
    }
    for (const path of ['/nope', '/listing/extra', '/payment/a/b', '/articles', '/articles/', '/dashboard/nope', '/index', '//', '/api']) {
      expect(isAppRoute(path), path).toBe(false);
    }
  });
});
