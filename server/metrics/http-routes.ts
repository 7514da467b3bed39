import type { Request, Router } from 'express';

/** The label of a route whose pattern is a regular expression (the app shell's navigations). */
const PATTERN_ROUTE = 'app-page';

/**
 * The route labels of HTTP metrics: each route's pattern as written (`/api/bookings/:id`), learnt once from
 * the routers, so a request is labelled by one map lookup of the route Express matched, never by its path.
 * A request no route answered gets a fixed label: `/api/*` (refused before its route: a 401, the write
 * gate's 503/507, a 404), `static` (a file of the build) or `unmatched`.
 */
export class RouteLabels {
  private readonly labels = new WeakMap<object, string>();

  /** Learns the routes of `routers`, mounted at `base` (`/api`, or '' for the app's own), and answers them. */
  learnt(base: string, routers: Router[]): Router[] {
    for (const router of routers)
      for (const { route } of router.stack) {
        if (route) this.labels.set(route, typeof route.path === 'string' ? `${base}${route.path}` : PATTERN_ROUTE);
      }
    return routers;
  }

  /** `status` 0: the request ended before its answer did. */
  of(req: Request, status: number): string {
    const known = req.route ? this.labels.get(req.route as object) : undefined;
    if (known) return known;
    const path = req.originalUrl;
    if (/^\/api(\/|\?|$)/i.test(path)) return '/api/*';
    return status > 0 && status < 400 ? 'static' : 'unmatched';
  }
}
