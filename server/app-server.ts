import { createServer, IncomingMessage, ServerResponse, type Server } from 'node:http';
import type { Express } from 'express';

/**
 * A request or response constructor of Node's (`IncomingMessage`, `ServerResponse`) whose instances have
 * `prototype` as theirs: Node's own constructor runs on them, then they are the app's from the start.
 */
function madeWith<T extends typeof IncomingMessage | typeof ServerResponse>(node: T, prototype: object): T {
  function Made(this: object, ...args: unknown[]) {
    Reflect.apply(node, this, args);
  }
  Made.prototype = prototype;
  return Made as unknown as T;
}

/**
 * The HTTP server for an Express app, its requests and responses made with the app's prototypes.
 * NOTE: Express otherwise gives each request and response the app's prototypes as it starts on them
 * (`Object.setPrototypeOf` in `app.handle`), and V8 then keeps what a request allocated through its
 * young-generation collections: measured on Node 20 with 3,000 requests/s of bare Express, the heap grew
 * about 10 MB at every scavenge and a full collection came every second, where plain Node's HTTP server
 * kept its heap flat. Made with the prototypes already, Express's call changes nothing and the heap stays
 * flat too (docs/decisions/013).
 */
export function createAppServer(app: Express): Server {
  return createServer({ IncomingMessage: madeWith(IncomingMessage, app.request), ServerResponse: madeWith(ServerResponse, app.response) }, app);
}
