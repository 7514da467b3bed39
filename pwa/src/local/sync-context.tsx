import { createContext, useContext, type ReactNode } from 'react';
import { createMutators, type Mutators } from '../../../sync/client/mutators';
import type * as RunnerModule from './sync-runner';

type Runner = typeof RunnerModule;

/**
 * What screens need of the device sync: typed mutators, sync requests, the outbox's buttons and the socket.
 * The calls are sync-runner.ts's own, declared there once; tests give fakes of the same shape.
 */
export type SyncRunner = { mutate: Mutators } & Pick<
  Runner,
  'requestSync' | 'retryNow' | 'discard' | 'start' | 'pendingChanges' | 'forgetDevice' | 'onRealtime' | 'emitRealtime'
>;

/** NOTE: the runner (Dexie, socket.io) loads on first use, so visitors' first page stays small. */
const load = () => import('./sync-runner');

/** A call of the runner that loads it first. */
function later<A extends unknown[], R>(pick: (runner: Runner) => (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  return async (...args) => pick(await load())(...args);
}

/** The device's runner, loaded on demand. */
export const deviceRunner: SyncRunner = {
  mutate: createMutators(later((runner) => runner.enqueue)),
  requestSync: later((runner) => runner.requestSync),
  retryNow: later((runner) => runner.retryNow),
  discard: later((runner) => runner.discard),
  start: later((runner) => runner.start),
  pendingChanges: later((runner) => runner.pendingChanges),
  forgetDevice: later((runner) => runner.forgetDevice),
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
