import type { Conversation } from '../../../../../sync/schemas/chat';
import { hasMessages } from '../../../local/chat-thread';

export const INBOX_FILTERS = ['open', 'resolved'] as const;
export type InboxFilter = (typeof INBOX_FILTERS)[number];

export function inboxFilterOf(value: string | null): InboxFilter {
  return value === 'resolved' ? 'resolved' : 'open';
}

export type Inbox = {
  /** The conversations of the filter that match the search, latest activity first (as given). */
  shown: Conversation[];
  /** How many conversations each filter holds. */
  counts: Record<InboxFilter, number>;
  /** Unread messages from travellers, in all conversations, and how many conversations hold them. */
  unread: { messages: number; conversations: number };
};

/**
 * Product rules §9.7: the support desk's conversations with a message, filtered by status and searched
 * by the traveller's name or e-mail.
 */
export function inbox(conversations: readonly Conversation[], filter: InboxFilter, search: string): Inbox {
  const support = conversations.filter((c) => c.type === 'Support' && hasMessages(c));
  const query = search.trim().toLowerCase();
  const matches = (c: Conversation) => !query || c.otherUser.fullName.toLowerCase().includes(query) || (c.otherUser.email ?? '').toLowerCase().includes(query);
  const waiting = support.filter((c) => c.unreadCount > 0);
  return {
    shown: support.filter((c) => c.status === filter && matches(c)),
    counts: { open: support.filter((c) => c.status === 'open').length, resolved: support.filter((c) => c.status === 'resolved').length },
    unread: { messages: waiting.reduce((sum, c) => sum + c.unreadCount, 0), conversations: waiting.length },
  };
}

export function unreadSummary(unread: Inbox['unread']): string {
  if (unread.messages === 0) return 'No unread messages';
  const messages = unread.messages === 1 ? '1 unread message' : `${unread.messages} unread messages`;
  return unread.conversations === 1 ? `${messages} in 1 conversation` : `${messages} in ${unread.conversations} conversations`;
}
