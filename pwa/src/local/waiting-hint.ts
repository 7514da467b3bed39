/**
 * How many changes of which account wait on this device, kept in localStorage by the sync runner so that
 * every page can say 'Sign in again to send N waiting changes' without opening IndexedDB.
 */
const KEY = 'skywayWaiting';
export type WaitingHint = { account: string; count: number };

/** NOTE: checked by hand, not with zod: every page's banner reads it, and zod is no part of a first visit (docs/decisions/005). */
function asHint(value: unknown): WaitingHint | null {
  if (typeof value !== 'object' || value === null) return null;
  const { account, count } = value as Record<string, unknown>;
  return typeof account === 'string' && Number.isInteger(count) && (count as number) >= 0 ? { account, count: count as number } : null;
}

const listeners = new Set<() => void>();
let cached: { raw: string | null; hint: WaitingHint | null } = { raw: null, hint: null };

function parseJson(raw: string | null): unknown {
  try {
    return raw ? JSON.parse(raw) : null;
  } catch {
    return null;
  }
}

export function readWaitingHint(): WaitingHint | null {
  let raw: string | null;
  try {
    raw = localStorage.getItem(KEY);
  } catch {
    return null;
  }
  if (raw === cached.raw) return cached.hint;
  cached = { raw, hint: asHint(parseJson(raw)) };
  return cached.hint;
}

export function writeWaitingHint(hint: WaitingHint): void {
  const raw = JSON.stringify(hint);
  if (localStorage.getItem(KEY) === raw) return;
  localStorage.setItem(KEY, raw);
  for (const listener of listeners) listener();
}

export function subscribeWaitingHint(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
