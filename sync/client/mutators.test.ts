import { describe, expect, it } from 'vitest';
import type { MutationCall } from '../protocol';
import { createMutators } from './mutators';

describe('typed mutators', () => {
  it('queue each intent as its name and arguments, and stay the same function per name', async () => {
    const queued: MutationCall[] = [];
    const mutate = createMutators((call) => {
      queued.push(call);
      return Promise.resolve();
    });
    await mutate.cancelBooking({ bookingId: 'b1' });
    await mutate.markConversationRead({ conversationId: 'c1' });
    expect(queued).toEqual([
      { name: 'cancelBooking', args: { bookingId: 'b1' } },
      { name: 'markConversationRead', args: { conversationId: 'c1' } },
    ]);
    expect(mutate.sendMessage).toBe(mutate.sendMessage);
  });
});
