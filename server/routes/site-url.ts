import type { Request } from 'express';
import type { AppContext } from '../context';
import type { Env } from '../env';

/**
 * Where a mailed link points. NOTE: never a request's Host header, which a caller controls (link
 * poisoning): PUBLIC_URL, else the address this server listens on.
 */
export function siteAddress(env: Env, port: number): string {
  if (env.PUBLIC_URL) return env.PUBLIC_URL.replace(/\/+$/, '');
  const host = ['0.0.0.0', '::'].includes(env.HOST) ? 'localhost' : env.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

/** The link base for a mail sent while answering a request (password reset, e-mail confirmation). */
export function siteUrl(ctx: AppContext, req: Request): string {
  return siteAddress(ctx.env, req.socket.localPort ?? ctx.env.PORT);
}
