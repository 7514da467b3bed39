import type { User } from '../../../sync/schemas/user';
import { tokenUserId } from './auth-token';

const KEY = 'authUser';

/** The last profile this device saw for the signed-in user, so the app opens offline at the airport. */
export function cachedUser(token: string | null): User | undefined {
  if (!token) return undefined;
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? 'null');
    const ok = value && typeof value === 'object' && '_id' in value && value._id === tokenUserId(token);
    return ok ? (value as User) : undefined;
  } catch {
    return undefined;
  }
}

export function rememberUser(user: User): void {
  localStorage.setItem(KEY, JSON.stringify(user));
}

export function forgetUser(): void {
  localStorage.removeItem(KEY);
}
