import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Conversation, Message } from '../../../sync/schemas/chat';
import { storeMessagesRead } from './chat-store';
import { db } from './db';

const message = (_id: string, sender: string): Message => ({
  _id,
  conversationId: 'c1',
  sender,
  content: _id,
  image: null,
  type: 'Support',
  createdAt: `2031-01-01T00:00:0${_id.slice(1)}.000Z`,
  readAt: null,
});
const readIds = async () =>
  (await db.messages.toArray())
    .filter((m) => m.readAt !== null)
    .map((m) => m._id)
    .sort();

beforeEach(async () => {
  await db.messages.clear();
  await db.conversations.clear();
  await db.conversations.put({ _id: 'c1', userId: 'traveller' } as Conversation);
  await db.messages.bulkPut([message('m1', 'traveller'), message('m2', 'admin-1'), message('m3', 'admin-2')]);
});

describe('a live read receipt (socket messagesRead)', () => {
  it('the traveller reading marks every support message read, and nothing of their own', async () => {
    await storeMessagesRead({ conversationId: 'c1', userId: 'traveller' }, '2031-01-01T00:01:00.000Z');
    expect(await readIds()).toEqual(['m2', 'm3']);
    expect((await db.messages.get('m2'))?.readAt).toBe('2031-01-01T00:01:00.000Z');
  });

  it('an admin reading marks the traveller messages read, not another admin message', async () => {
    await storeMessagesRead({ conversationId: 'c1', userId: 'admin-1' }, '2031-01-01T00:01:00.000Z');
    expect(await readIds()).toEqual(['m1']);
  });

  it('ignores a malformed event', async () => {
    await storeMessagesRead({ conversationId: 42 }, '2031-01-01T00:01:00.000Z');
    expect(await readIds()).toEqual([]);
  });
});
