import { z } from 'zod';
import { apiRouters } from '../app';
import type { AppContext } from '../context';

export type Endpoint = { method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'; path: string; key: string };

const RouterSchema = z.object({
  stack: z.array(z.object({ route: z.object({ path: z.string(), stack: z.array(z.object({ method: z.string() })) }).optional() })),
});
const MethodSchema = z.enum(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']);

/** Every endpoint the app serves under /api, read from the routers themselves: `GET /flights/:id`. */
export function apiEndpoints(ctx: AppContext): Endpoint[] {
  return apiRouters(ctx).flatMap((router) =>
    RouterSchema.parse({ stack: router.stack }).stack.flatMap((layer) => {
      const route = layer.route;
      if (!route) return [];
      return [...new Set(route.stack.map((l) => MethodSchema.parse(l.method.toUpperCase())))].map((method) => ({
        method,
        path: route.path,
        key: `${method} ${route.path}`,
      }));
    }),
  );
}

/** The names of the events a connected server-side socket listens to (the app's own handlers only). */
export function socketEventNames(listening: { eventNames(): (string | symbol)[] }): string[] {
  return listening
    .eventNames()
    .filter((name): name is string => typeof name === 'string')
    .filter((name) => !['disconnect', 'disconnecting', 'error'].includes(name))
    .sort();
}

const RouteHandlersSchema = z.object({
  stack: z.array(z.object({ route: z.object({ path: z.string(), stack: z.array(z.object({ method: z.string(), handle: z.unknown() })) }).optional() })),
});

/** The handler functions (middleware included) of one endpoint, `POST /images`, in the order they run. */
export function routeHandlers(ctx: AppContext, key: string): unknown[] {
  const [method = '', path = ''] = key.split(' ');
  return apiRouters(ctx).flatMap((router) =>
    RouteHandlersSchema.parse({ stack: router.stack }).stack.flatMap((layer) =>
      layer.route?.path === path ? layer.route.stack.filter((l) => l.method.toUpperCase() === method).map((l) => l.handle) : [],
    ),
  );
}
