import { useSyncExternalStore } from 'react';
import type { SyncStatus } from '../../../sync/client/types';

type State = { status: SyncStatus; detail: string | undefined; online: boolean };

let state: State = { status: 'idle', detail: undefined, online: typeof navigator === 'undefined' ? true : navigator.onLine };
const listeners = new Set<() => void>();

export function setSyncState(patch: Partial<State>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The sync engine's state for banners and badges: status, the last error, and the browser's online flag. */
export function useSyncState(): State {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => state,
  );
}
