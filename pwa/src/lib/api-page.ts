import { answerError, ApiError, NETWORK_ERROR } from './api-error';
import { readAuthToken } from './auth-token';

export type Page<T> = { items: T[]; total: number };

/**
 * A paged GET under /api: the rows and the X-Total-Count header the server sends with them.
 * NOTE: lib/api.ts answers only the body, so the header is read here, with the same error texts.
 */
export async function apiPage<T>(path: string, signal?: AbortSignal): Promise<Page<T>> {
  const token = readAuthToken();
  const headers = new Headers({ Accept: 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(`/api${path}`, { headers, signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw answerError(response.status, body);
  return { items: Array.isArray(body) ? (body as T[]) : [], total: Number(response.headers.get('X-Total-Count') ?? 0) };
}

/** Every page of a paged GET (`path` carries its query), `limit` rows at a time, in the server's order. */
export async function apiAllPages<T>(path: string, limit: number, signal?: AbortSignal): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; ; page += 1) {
    const { items, total } = await apiPage<T>(`${path}&page=${page}&limit=${limit}`, signal);
    rows.push(...items);
    if (!items.length || rows.length >= total) return rows;
  }
}
