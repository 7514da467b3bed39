import { createMutators } from '../../../sync/client/mutators';
import type { MutationCall } from '../../../sync/protocol';
import type { SyncRunner } from './sync-context';

/** A runner for component tests: it records the mutations queued and does nothing else unless told. */
export function fakeRunner(overrides: Partial<SyncRunner> = {}): SyncRunner & { queued: MutationCall[] } {
  const queued: MutationCall[] = [];
  const runner: SyncRunner = {
    mutate: createMutators((call) => {
      queued.push(call);
      return Promise.resolve();
    }),
    requestSync: () => Promise.resolve(),
    retryNow: () => Promise.resolve(),
    discard: () => Promise.resolve(),
    start: () => Promise.resolve(),
    pendingChanges: () => Promise.resolve({ outbox: [], uploads: [] }),
    forgetDevice: () => Promise.resolve(),
    onRealtime: () => () => undefined,
    emitRealtime: () => undefined,
  };
  return { ...runner, ...overrides, queued };
}
