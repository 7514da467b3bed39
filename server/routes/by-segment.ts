import type { NextFunction, Request, Response, Router } from 'express';

/** A path's first segment, lower-cased as Express matches routes: `payments` for `/Payments/user` and `/payments`. */
function firstSegment(path: string): string {
  const end = path.indexOf('/', 1);
  return (end === -1 ? path.slice(1) : path.slice(1, end)).toLowerCase();
}

/**
 * The routers mounted one after another, with each request walked through only those that have a route
 * under its first path segment, in the same order: one map lookup instead of matching every route of
 * every router before it. Every route starts with a fixed segment (`/payments/...`), so a router without
 * one under the request's segment could not have answered it.
 * NOTE: a router-level middleware (`router.use`) or a route whose path starts with a parameter would apply
 * to every segment; neither exists, and `bySegment` refuses both, so one added later cannot be skipped unnoticed.
 */
export function bySegment(routers: Router[]) {
  const table = new Map<string, Router[]>();
  for (const router of routers) {
    const segments = new Set<string>();
    for (const layer of router.stack) {
      const path: unknown = layer.route?.path;
      if (typeof path !== 'string' || !/^\/[\w.-]+(\/|$)/.test(path)) throw new Error(`a route that is not under a fixed first segment: ${String(path)}`);
      segments.add(firstSegment(path));
    }
    for (const segment of segments) table.set(segment, [...(table.get(segment) ?? []), router]);
  }
  return (req: Request, res: Response, next: NextFunction) => walk(table.get(firstSegment(req.path)) ?? [], 0, req, res, next);
}

/** Hands the request to `routers[i]`, and to the next one when it passes it on. */
function walk(routers: Router[], i: number, req: Request, res: Response, next: NextFunction): void {
  const router = routers[i];
  if (!router) return next();
  router(req, res, (error?: unknown) => (error ? next(error) : walk(routers, i + 1, req, res, next)));
}
