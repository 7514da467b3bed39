import { describe, expect, it } from 'vitest';
import { RECENT_MESSAGES } from './constants';
import { olderMessages } from './working-set';

const at = (minute: number) => new Date(Date.UTC(2031, 0, 1, 0, minute)).toISOString();
const conversation = (conversationId: string, times: readonly string[]) =>
  times.map((createdAt, n) => ({ _id: `${conversationId}-${n}`, conversationId, createdAt }));

describe('the recent messages a device keeps of each conversation', () => {
  it('drops those before the newest RECENT_MESSAGES of their conversation, unless the outbox names them', () => {
    const long = conversation(
      'long',
      Array.from({ length: RECENT_MESSAGES + 3 }, (_, n) => at(n)),
    );
    const short = conversation('short', [at(0), at(1)]);
    expect(olderMessages([...long, ...short], new Set(['long-1']))).toEqual(['long-0', 'long-2']);
  });

  it('keeps those sent in the same millisecond as the last one kept, as the server sends them and a page before it would skip them', () => {
    const times = [at(0), at(1), at(1), ...Array.from({ length: RECENT_MESSAGES - 1 }, (_, n) => at(n + 2))];
    expect(olderMessages(conversation('tied', times), new Set())).toEqual(['tied-0']);
  });
});
