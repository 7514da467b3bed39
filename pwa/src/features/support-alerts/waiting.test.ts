import { describe, expect, it } from 'vitest';
import { waitingConversations } from '../../local/chat-thread';
import { supportConversation as conversation } from '../../local/test-conversation';
import { newlyWaiting, titleWithCount, waitingText } from './waiting';

describe('travellers waiting', () => {
  it('are the support conversations with a message and unread messages from the traveller', () => {
    const waiting = waitingConversations([
      conversation(1, { unreadCount: 2 }),
      conversation(2),
      conversation(3, { unreadCount: 1, lastMessage: null }),
      conversation(4, { unreadCount: 1, type: 'Chat' }),
      conversation(5, { unreadCount: 1, status: 'resolved' }),
    ]);
    expect(waiting.map((c) => c._id)).toEqual(['c1', 'c5']);
  });

  it('lead the tab title, which loses the count once nobody waits', () => {
    expect(titleWithCount('SkyWay Airlines', 2)).toBe('(2) SkyWay Airlines');
    expect(titleWithCount('(2) SkyWay Airlines', 3)).toBe('(3) SkyWay Airlines');
    expect(titleWithCount('(3) SkyWay Airlines', 0)).toBe('SkyWay Airlines');
    expect(waitingText(1)).toBe('1 traveller waiting');
    expect(waitingText(2)).toBe('2 travellers waiting');
  });

  it('are news only when a traveller writes again, not at the first look nor after a reply', () => {
    const first = newlyWaiting(null, [conversation(1, { unreadCount: 1 })]);
    expect(first.fresh).toEqual([]);
    const wroteAgain = newlyWaiting(first.seen, [conversation(1, { unreadCount: 2 }), conversation(2, { unreadCount: 1 })]);
    expect(wroteAgain.fresh.map((c) => c._id)).toEqual(['c1', 'c2']);
    const replied = newlyWaiting(wroteAgain.seen, [
      conversation(1, { unreadCount: 2, lastMessage: { content: 'our reply', createdAt: '2030-01-02T00:00:00.000Z' } }),
    ]);
    expect(replied.fresh).toEqual([]);
    const afterRead = newlyWaiting(replied.seen, []);
    expect(newlyWaiting(afterRead.seen, [conversation(1, { unreadCount: 1 })]).fresh.map((c) => c._id)).toEqual(['c1']);
  });
});
