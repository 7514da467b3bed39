import { answerError, ApiError, NETWORK_ERROR } from './api-error';
import { clearAuthToken, readAuthToken } from './auth-token';

export type ApiOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
};

function requestInit({ method = 'GET', body, signal }: ApiOptions, token: string | null): RequestInit {
  const headers = new Headers({ Accept: 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  const init: RequestInit = { method, headers, signal };
  if (body instanceof FormData) {
    init.body = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    init.body = JSON.stringify(body);
  }
  return init;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Calls the REST API under /api with the stored bearer token. A 401 to a call that carried a token means
 * the session ended (expired or revoked), so the token is dropped and the app shows the user signed out.
 */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const token = readAuthToken();
  let response: Response;
  try {
    response = await fetch(`/api${path}`, requestInit(options, token));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_ERROR);
  }
  const body = await readBody(response);
  if (!response.ok) {
    if (response.status === 401 && token !== null && token === readAuthToken()) clearAuthToken();
    throw answerError(response.status, body);
  }
  // NOTE: the answer's shape is the contract in sync/schemas, checked by the server's own tests.
  return body as T;
}
