import type { GuestUser } from '../../../sync/schemas/chat';

/** Product rules §9.2: the guest's name, e-mail and token stay on the device, so the chat picks up where it left off. */
const GUEST_KEY = 'supportGuest';
const listeners = new Set<() => void>();

export type GuestSession = GuestUser;

const FIELDS = ['token', '_id', 'fullName', 'email'] as const satisfies readonly (keyof GuestUser)[];

/**
 * Whether a stored value has GuestUserSchema's shape (four strings).
 * NOTE: checked by hand rather than with the schema: every page's banner reads the session, and zod is
 * not part of a first visit's JavaScript (docs/decisions/005).
 */
function isGuestUser(value: unknown): value is GuestUser {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return FIELDS.every((field) => typeof record[field] === 'string');
}

function parseSession(raw: string | null): GuestSession | null {
  try {
    const value: unknown = raw ? JSON.parse(raw) : null;
    // Only the schema's fields, as its parse would keep.
    return isGuestUser(value) ? { token: value.token, _id: value._id, fullName: value.fullName, email: value.email } : null;
  } catch {
    return null;
  }
}

let cached: { raw: string | null; session: GuestSession | null } = { raw: null, session: null };

/** The stored guest, or null; the same object while the stored value is unchanged (for useSyncExternalStore). */
export function readGuestSession(): GuestSession | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(GUEST_KEY);
  } catch {
    return null;
  }
  if (raw === cached.raw) return cached.session;
  cached = { raw, session: parseSession(raw) };
  return cached.session;
}

export function storeGuestSession(session: GuestSession): void {
  localStorage.setItem(GUEST_KEY, JSON.stringify(session));
  for (const listener of listeners) listener();
}

/** Calls `listener` when the guest session changes in this tab or another. */
export function subscribeGuestSession(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === GUEST_KEY || event.key === null) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
