import { readGuestSession } from './guest-session';

/** The login token the spec keeps in localStorage as authToken. */
export function authToken(): string | null {
  return localStorage.getItem('authToken');
}

/** The user id inside a JWT (its `sub`), read without verifying: only to pick the device's data. */
export function tokenUserId(token: string | null): string | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    return json && typeof json === 'object' && 'sub' in json && typeof json.sub === 'string' ? json.sub : null;
  } catch {
    return null;
  }
}

/** The token the device syncs with: the signed-in user's, else the support guest's. */
export function syncToken(): string | null {
  return authToken() ?? readGuestSession()?.token ?? null;
}
