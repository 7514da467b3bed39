import { PullResponseSchema, PushResponseSchema, type PullRequest, type PullResponse, type PushRequest, type PushResponse } from '../protocol';
import { TransportError, type SyncTransport } from './types';

type Fetch = typeof fetch;

/** Retry-After in seconds or as an HTTP date, in milliseconds from now; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** The sync calls over HTTP with the bearer token; failures are sorted into what the engine does next. */
export function httpTransport(baseUrl: string, token: () => string | null, fetchImpl: Fetch = (...args) => fetch(...args)): SyncTransport {
  async function call(path: string, body: unknown): Promise<unknown> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const bearer = token();
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    let res: Response;
    try {
      res = await fetchImpl(`${baseUrl}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
    } catch (error) {
      throw new TransportError('offline', error instanceof Error ? error.message : 'Network unavailable');
    }
    const text = await res.text().catch(() => '');
    let parsed: unknown;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      parsed = undefined;
    }
    if (res.ok) return parsed;
    const message = parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string' ? parsed.message : `HTTP ${res.status}`;
    if (res.status === 401) throw new TransportError('auth', message);
    const retryAfter = retryAfterMs(res.headers.get('retry-after'));
    if ((res.status === 503 || res.status === 507) && retryAfter !== undefined) throw new TransportError('refused', message, retryAfter);
    if (res.status >= 500 || res.status === 429 || res.status === 408) throw new TransportError('server', message);
    throw new TransportError('client', message);
  }
  return {
    async pull(request: PullRequest): Promise<PullResponse> {
      return PullResponseSchema.parse(await call('/api/sync/pull', request));
    },
    async push(request: PushRequest): Promise<PushResponse> {
      return PushResponseSchema.parse(await call('/api/sync/push', request));
    },
  };
}
