import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Express } from 'express';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import type { Metrics } from './metrics';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether a scrape may read the metrics: any, without METRICS_TOKEN; else only with `Authorization: Bearer <token>` (compared in constant time). */
export function scrapeAllowed(token: string | undefined, authorization: string | undefined): boolean {
  if (!token) return true;
  const given = authorization?.startsWith('Bearer ') ? authorization.slice(7).trim() : '';
  return timingSafeEqual(digest(given), digest(token));
}

async function sendScrape(metrics: Metrics, res: ServerResponse): Promise<void> {
  const text = await metrics.scrape();
  res.writeHead(200, { 'Content-Type': metrics.registry.contentType, 'Cache-Control': 'no-store' });
  res.end(text);
}

/**
 * GET /metrics on the public port, only with METRICS_TOKEN and without METRICS_PORT (docs/decisions/020):
 * otherwise it is not mounted, and the path answers the app's 404. Mounted before the session, whose
 * bearer check would refuse the metrics token.
 */
export function publicMetricsRoute(app: Express, ctx: AppContext): void {
  const token = ctx.env.METRICS_TOKEN;
  if (!token || ctx.env.METRICS_PORT !== undefined) return;
  app.get('/metrics', async (req, res) => {
    if (!scrapeAllowed(token, req.headers.authorization)) {
      res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
      throw new AppError(401, 'This needs the metrics token');
    }
    await sendScrape(ctx.metrics, res);
  });
}

function answerOnMetricsPort(ctx: AppContext, req: IncomingMessage, res: ServerResponse): void {
  const path = (req.url ?? '').split('?')[0];
  if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found\n');
    return;
  }
  if (!scrapeAllowed(ctx.env.METRICS_TOKEN, req.headers.authorization)) {
    res.writeHead(401, { 'Content-Type': 'text/plain', 'WWW-Authenticate': 'Bearer realm="metrics"' }).end('Unauthorized\n');
    return;
  }
  sendScrape(ctx.metrics, res).catch((error: unknown) => {
    ctx.log.error({ err: error }, 'metrics scrape failed');
    if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
    res.end();
  });
}

export type MetricsServer = { url: string; close: () => Promise<void> };

/** With METRICS_PORT: GET /metrics on a port of its own, on HOST (the token is asked for there too when set); nothing else is served there. */
export async function listenForScrapes(ctx: AppContext): Promise<MetricsServer | undefined> {
  const port = ctx.env.METRICS_PORT;
  if (port === undefined) return undefined;
  const server: Server = createServer((req, res) => answerOnMetricsPort(ctx, req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, ctx.env.HOST, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  const host = ctx.env.HOST.includes(':') ? `[${ctx.env.HOST}]` : ctx.env.HOST;
  return {
    url: `http://${host}:${bound}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
