import { describe, expect, it } from 'vitest';
import { makeCursor, SyncChangesSchema, type PullResponse } from '../protocol';
import { SyncEngine } from './engine';
import { MemoryStore } from './memory-store';
import type { SyncTransport } from './types';

/** A page of a sequence the server confirmed the first mutation in. */
const page = (hasMore: boolean, bookings: string[]): PullResponse => ({
  cursor: makeCursor(3, '2031-03-01', 'c1'),
  lastMutationId: 1,
  reset: false,
  results: [],
  changes: { ...SyncChangesSchema.parse({}), bookings: bookings.map((_id) => ({ _id }) as never) },
  deletes: {},
  covers: [],
  hasMore,
  keepSince: null,
});

describe('a pull in pages', () => {
  it('confirms a mutation only when the sequence ends: its effects may be on any page', async () => {
    const store = new MemoryStore('c1');
    await store.enqueue({ name: 'cancelBooking', args: { bookingId: 'b2' } } as never, 0);
    const answers = [page(true, ['b1']), page(false, ['b2'])];
    const seen: number[] = [];
    const transport: SyncTransport = {
      push: () => Promise.resolve({ lastMutationId: 1, results: [] }),
      pull: async () => {
        seen.push((await store.outbox()).length);
        const answer = answers.shift();
        if (!answer) throw new Error('no more pages');
        return answer;
      },
    };
    await new SyncEngine({ store, transport }).sync();
    expect(seen).toEqual([1, 1]);
    expect(await store.outbox()).toEqual([]);
    expect([...store.tables.bookings.keys()]).toEqual(['b1', 'b2']);
  });
});
