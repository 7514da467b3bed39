import type { Conversation } from '../../../sync/schemas/chat';

/** A support conversation as an admin's device holds it, with a message unless told otherwise. */
export function supportConversation(n: number, overrides: Partial<Conversation> = {}): Conversation {
  return {
    _id: `c${n}`,
    type: 'Support',
    status: 'open',
    otherUser: { _id: `u${n}`, fullName: `Traveller ${n}`, email: `traveller${n}@example.com` },
    isGuest: false,
    lastMessage: { content: `question ${n}`, createdAt: `2030-01-01T10:0${n}:00.000Z` },
    unreadCount: 0,
    userId: `u${n}`,
    createdAt: '2030-01-01T09:00:00.000Z',
    ...overrides,
  };
}
