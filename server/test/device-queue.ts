import type { SyncEngine } from '../../sync/client/engine';
import { createMutators, type Mutators } from '../../sync/client/mutators';
import type { OutboxRow, SyncStore } from '../../sync/client/types';
import type { MutationCall } from '../../sync/protocol';

/** A test's device: the store that keeps its outbox, the engine that sends it, and the clock that stamps rows. */
export type QueueingDevice = { readonly store: SyncStore; readonly engine: SyncEngine; readonly now?: () => number };

/**
 * Queues a mutation the way the PWA's sync runner does, so a test pushes through the app's own path: the
 * call goes on the outbox while no cycle runs (`engine.alone`, the runner's sync lock), then a sync starts
 * in the background. Answers the queued row, for tests that follow it by id.
 */
export async function enqueue(device: QueueingDevice, call: MutationCall): Promise<OutboxRow> {
  const { engine, store, now = Date.now } = device;
  const row = await engine.alone(() => store.enqueue(call, now()));
  void engine.sync();
  return row;
}

/** The typed mutators the app's screens hold (`mutate.cancelBooking({ bookingId })`), queueing on this device. */
export function mutatorsOf(device: QueueingDevice): Mutators {
  return createMutators(async (call) => {
    await enqueue(device, call);
  });
}
