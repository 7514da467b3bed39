// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from './api';
import { ApiError, NETWORK_ERROR } from './api-error';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.stubGlobal('fetch', fetchMock);
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const sentHeaders = () => new Headers(fetchMock.mock.calls[0]?.[1]?.headers);

describe('api', () => {
  it('calls /api with the stored token as a bearer token and a JSON body', async () => {
    localStorage.setItem('authToken', 'token-1');
    fetchMock.mockResolvedValue(json(200, { ok: true }));
    await expect(api('/auths/login', { method: 'POST', body: { email: 'a@b.c' } })).resolves.toEqual({ ok: true });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/auths/login');
    expect(sentHeaders().get('Authorization')).toBe('Bearer token-1');
    expect(sentHeaders().get('Content-Type')).toBe('application/json');
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{"email":"a@b.c"}');
  });

  it('sends no Authorization header without a token', async () => {
    fetchMock.mockResolvedValue(json(200, []));
    await api('/airports');
    expect(sentHeaders().has('Authorization')).toBe(false);
  });

  it('throws the spec error text with the status', async () => {
    fetchMock.mockResolvedValue(
      json(400, {
        message: 'Invalid',
        errors: [
          { msg: 'Origin is required', path: 'origin' },
          { msg: 'Price must be greater than 0', path: 'price' },
        ],
      }),
    );
    const error = await api('/flights', { method: 'POST', body: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Origin is required, Price must be greater than 0' });
  });

  it('treats a 401 to a signed-in call as the end of the session', async () => {
    localStorage.setItem('authToken', 'expired');
    fetchMock.mockResolvedValue(json(401, { message: 'Please sign in to continue' }));
    await expect(api('/users')).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('authToken')).toBeNull();
  });

  it('reports an unreachable server with status 0', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api('/airports')).rejects.toMatchObject({ status: 0, message: NETWORK_ERROR });
  });
});
