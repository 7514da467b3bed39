import { describe, expect, it } from 'vitest';
import type { OutboxRow } from '../../../sync/client/types';
import type { Message } from '../../../sync/schemas/chat';
import type { UploadRow } from './db';
import { fromOtherSide, pendingReads, threadItems } from './chat-thread';

const C = 'conversation-1';
const ME = 'guest-1';
const id = (n: number) => `0190a000-0000-7000-8000-00000000000${n}`;

const message = (n: number, createdAt: string, sender = ME): Message => ({
  _id: id(n),
  conversationId: C,
  sender,
  content: `message ${n}`,
  image: null,
  type: 'Support',
  createdAt,
  readAt: null,
});

const outboxRow = (mutationId: number, n: number, state: OutboxRow['state'] = 'queued', conversationId = C): OutboxRow => ({
  mutationId,
  name: 'sendMessage',
  args: { _id: id(n), conversationId, content: `message ${n}`, image: null },
  state,
  attempts: 0,
  lastError: state === 'rejected' ? 'Conversation not found' : null,
  nextAttemptAt: 0,
  createdAt: Date.parse('2030-01-01T10:00:00Z') + mutationId,
});

const upload = (n: number, state: UploadRow['state']): UploadRow => ({
  hash: `abc:${id(n)}`,
  blob: new Blob(['x']),
  fileName: 'chat.jpg',
  state,
  progress: 0,
  attempts: 0,
  nextAttemptAt: 0,
  lastError: state === 'rejected' ? 'The file is not a JPEG, PNG or WebP image' : null,
  intent: { name: 'sendMessage', args: { _id: id(n), conversationId: C, content: `message ${n}` } },
  imageUrl: null,
  createdAt: Date.parse('2030-01-01T09:00:00Z'),
  account: 'u1',
});

describe('the chat thread: synced messages, then this device pending ones', () => {
  it('orders synced messages by server time and puts pending ones after them in the order written', () => {
    const items = threadItems(C, ME, [message(2, '2030-01-01T08:00:02Z', 'admin'), message(1, '2030-01-01T08:00:01Z')], [outboxRow(2, 4), outboxRow(1, 3)], []);
    expect(items.map((i) => [i._id, i.state])).toEqual([
      [id(1), 'sent'],
      [id(2), 'sent'],
      [id(3), 'sending'],
      [id(4), 'sending'],
    ]);
  });

  it('shows a message once when the pull has brought it while its outbox row is still there', () => {
    const items = threadItems(C, ME, [message(3, '2030-01-01T08:00:03Z')], [outboxRow(1, 3)], []);
    expect(items).toHaveLength(1);
    expect(items[0]?.state).toBe('sent');
  });

  it('marks rejected sends and refused uploads failed with the server reason; keeps other conversations out', () => {
    const items = threadItems(
      C,
      ME,
      [],
      [outboxRow(1, 1, 'rejected'), outboxRow(2, 2, 'queued', 'elsewhere')],
      [upload(5, 'rejected'), upload(6, 'uploading'), upload(7, 'done')],
    );
    expect(items.map((i) => [i._id, i.state, i.error])).toEqual([
      [id(5), 'failed', 'The file is not a JPEG, PNG or WebP image'],
      [id(6), 'sending', null],
      [id(1), 'failed', 'Conversation not found'],
    ]);
    expect(items[0]?.blob).toBeInstanceOf(Blob);
  });

  it('an uploaded image message in the outbox shows its local image until it is synced', () => {
    const row: OutboxRow = { ...outboxRow(1, 7), name: 'sendMessage', args: { _id: id(7), conversationId: C, content: '', image: '/api/images/abc' } };
    const [item] = threadItems(C, ME, [], [row], [upload(7, 'done')]);
    expect(item).toMatchObject({ _id: id(7), image: '/api/images/abc', state: 'sending' });
    expect(item?.blob).toBeInstanceOf(Blob);
  });

  it('tells the other side apart for the conversation user and for support', () => {
    expect(fromOtherSide({ userId: ME }, ME, 'admin-1')).toBe(true);
    expect(fromOtherSide({ userId: ME }, ME, ME)).toBe(false);
    expect(fromOtherSide({ userId: ME }, 'admin-1', ME)).toBe(true);
    expect(fromOtherSide({ userId: ME }, 'admin-1', 'admin-2')).toBe(false);
  });

  it('knows which conversations have a read receipt waiting to be sent', () => {
    const read = (conversationId: string, state: OutboxRow['state']): OutboxRow => ({
      ...outboxRow(9, 9, state),
      name: 'markConversationRead',
      args: { conversationId },
    });
    expect([...pendingReads([read('a', 'queued'), read('b', 'rejected'), outboxRow(1, 1)])]).toEqual(['a']);
  });
});
