import type { Request } from 'express';
import type { AppContext } from '../context';

/**
 * Where a mailed link (password reset, e-mail confirmation) points. NOTE: never the request's Host
 * header, which a caller controls (link poisoning): PUBLIC_URL, else the address this server listens on.
 */
export function siteUrl(ctx: AppContext, req: Request): string {
  if (ctx.env.PUBLIC_URL) return ctx.env.PUBLIC_URL.replace(/\/+$/, '');
  const host = ['0.0.0.0', '::'].includes(ctx.env.HOST) ? 'localhost' : ctx.env.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${req.socket.localPort ?? ctx.env.PORT}`;
}
