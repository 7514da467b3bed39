import { createContext, useContext, type ReactNode } from 'react';
import { createMutators, type Mutators } from '../../../sync/client/mutators';
import type { OutboxRow } from '../../../sync/client/types';
import type { ClientEventName, ClientToServerEvents, ServerEventName, ServerToClientEvents } from '../../../sync/socket-events';
import type { UploadRow } from './db';

/** What screens need of the device sync: typed mutators, sync requests, the outbox's buttons and the socket. */
export type SyncRunner = {
  mutate: Mutators;
  requestSync: () => Promise<void>;
  retryNow: (mutationId: number) => Promise<void>;
  discard: (mutationId: number) => Promise<void>;
  /** Starts syncing (idempotent) and resumes a queue paused for a sign-in, with the new token's socket. */
  start: () => Promise<void>;
  /** The signed-in account's changes not yet on the server (named before signing out). */
  pendingChanges: () => Promise<{ outbox: OutboxRow[]; uploads: UploadRow[] }>;
  /** Signing out: the token goes and the device forgets this account's view; its unsent changes stay unless discarded. */
  forgetDevice: (discardChanges: boolean) => Promise<void>;
  onRealtime: <E extends ServerEventName>(event: E, handler: ServerToClientEvents[E]) => () => void;
  emitRealtime: <E extends ClientEventName>(event: E, ...payload: Parameters<ClientToServerEvents[E]>) => void;
};

/** NOTE: the runner (Dexie, socket.io) loads on first use, so visitors' first page stays small. */
const load = () => import('./sync-runner');

/** The device's runner, loaded on demand. */
export const deviceRunner: SyncRunner = {
  mutate: createMutators(async (call) => (await load()).enqueue(call)),
  requestSync: async () => (await load()).requestSync(),
  retryNow: async (mutationId) => (await load()).retryNow(mutationId),
  discard: async (mutationId) => (await load()).discard(mutationId),
  start: async () => {
    const runner = await load();
    runner.startSync();
    await runner.afterSignIn();
  },
  pendingChanges: async () => (await load()).pendingChanges(),
  forgetDevice: async (discardChanges) => (await load()).forgetDevice(discardChanges),
  onRealtime: (event, handler) => {
    let stop: (() => void) | undefined;
    let stopped = false;
    void load().then((runner) => {
      if (!stopped) stop = runner.onRealtime(event, handler);
    });
    return () => {
      stopped = true;
      stop?.();
    };
  },
  emitRealtime: (event, ...payload) => void load().then((runner) => runner.emitRealtime(event, ...payload)),
};

const SyncRunnerContext = createContext<SyncRunner>(deviceRunner);

/** Tests give their own runner here; the app uses the device's (the default). */
export function SyncRunnerProvider({ runner, children }: { runner: SyncRunner; children: ReactNode }) {
  return <SyncRunnerContext.Provider value={runner}>{children}</SyncRunnerContext.Provider>;
}

export function useSyncRunner(): SyncRunner {
  return useContext(SyncRunnerContext);
}
