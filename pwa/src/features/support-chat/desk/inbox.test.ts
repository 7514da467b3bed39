import { describe, expect, it } from 'vitest';
import { supportConversation as conversation } from '../../../local/test-conversation';
import { inbox, inboxFilterOf, unreadSummary } from './inbox';

describe('the support inbox', () => {
  const all = [
    conversation(1, { unreadCount: 2 }),
    conversation(2, { status: 'resolved' }),
    conversation(3, { unreadCount: 1, otherUser: { _id: 'g3', fullName: 'Grace Guest', email: 'grace@example.com' }, isGuest: true }),
    conversation(4, { lastMessage: null }),
    conversation(5, { type: 'Chat', unreadCount: 4 }),
  ];

  it('shows the open or the resolved support conversations with a message, counting each filter', () => {
    const open = inbox(all, 'open', '');
    expect(open.shown.map((c) => c._id)).toEqual(['c1', 'c3']);
    expect(open.counts).toEqual({ open: 2, resolved: 1 });
    expect(inbox(all, 'resolved', '').shown.map((c) => c._id)).toEqual(['c2']);
  });

  it('totals the unread messages of every support conversation, and in how many conversations they wait', () => {
    expect(inbox(all, 'resolved', '').unread).toEqual({ messages: 3, conversations: 2 });
    expect(unreadSummary({ messages: 3, conversations: 2 })).toBe('3 unread messages in 2 conversations');
    expect(unreadSummary({ messages: 1, conversations: 1 })).toBe('1 unread message in 1 conversation');
    expect(unreadSummary({ messages: 0, conversations: 0 })).toBe('No unread messages');
  });

  it('searches by name or e-mail, without case', () => {
    expect(inbox(all, 'open', 'GRACE@').shown.map((c) => c._id)).toEqual(['c3']);
    expect(inbox(all, 'open', ' traveller 1 ').shown.map((c) => c._id)).toEqual(['c1']);
    expect(inbox(all, 'open', 'nobody').shown).toEqual([]);
  });

  it('reads the filter from the address, open unless it says resolved', () => {
    expect(inboxFilterOf(null)).toBe('open');
    expect(inboxFilterOf('resolved')).toBe('resolved');
    expect(inboxFilterOf('closed')).toBe('open');
  });
});
