/** The login token lives in localStorage as 'authToken' (product rules §1.4); other tabs see changes too. */
export const AUTH_TOKEN_KEY = 'authToken';

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function readAuthToken(): string | null {
  try {
    return localStorage.getItem(AUTH_TOKEN_KEY);
  } catch {
    return null;
  }
}

export function storeAuthToken(token: string): void {
  localStorage.setItem(AUTH_TOKEN_KEY, token);
  notify();
}

export function clearAuthToken(): void {
  localStorage.removeItem(AUTH_TOKEN_KEY);
  notify();
}

/** Calls `listener` when the token changes in this tab or in another one. */
export function subscribeAuthToken(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === AUTH_TOKEN_KEY || event.key === null) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
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
