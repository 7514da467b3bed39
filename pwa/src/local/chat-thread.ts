import type { OutboxRow } from '../../../sync/client/types';
import { SendMessageArgsSchema, type Conversation, type Message } from '../../../sync/schemas/chat';
import type { UploadRow } from './db';

export type ChatItemState = 'sent' | 'sending' | 'failed';

/** A message as the thread shows it: sent (synced), or still on this device in the outbox or upload queue. */
export type ChatItem = {
  _id: string;
  conversationId: string;
  sender: string;
  content: string;
  /** The server's image URL once uploaded. */
  image: string | null;
  /** The image still on the device, shown until the server has it. */
  blob: Blob | null;
  createdAt: string;
  readAt: string | null;
  state: ChatItemState;
  /** Why it failed, from the server. */
  error: string | null;
};

function chatUploadOf(row: UploadRow): { _id: string; conversationId: string; content: string } | null {
  return row.intent.name === 'sendMessage' ? row.intent.args : null;
}

/**
 * The synced messages of a conversation, then this device's pending ones (the outbox, then images still
 * uploading) in the order they were written. A pending message leaves this layer once the pull brings it.
 */
export function threadItems(conversationId: string, me: string, synced: Message[], outbox: OutboxRow[], uploads: UploadRow[]): ChatItem[] {
  const sent = [...synced].sort((a, b) => a.createdAt.localeCompare(b.createdAt)).map((m): ChatItem => ({ ...m, blob: null, state: 'sent', error: null }));
  const known = new Set(sent.map((m) => m._id));
  const blobs = new Map<string, Blob>();
  for (const row of uploads) {
    const args = chatUploadOf(row);
    if (args) blobs.set(args._id, row.blob);
  }
  const pending: ChatItem[] = [];
  for (const row of outbox) {
    if (row.name !== 'sendMessage') continue;
    const args = SendMessageArgsSchema.safeParse(row.args);
    if (!args.success || args.data.conversationId !== conversationId || known.has(args.data._id)) continue;
    known.add(args.data._id);
    pending.push({
      _id: args.data._id,
      conversationId,
      sender: me,
      content: args.data.content,
      image: args.data.image ?? null,
      blob: blobs.get(args.data._id) ?? null,
      createdAt: new Date(row.createdAt).toISOString(),
      readAt: null,
      state: row.state === 'rejected' ? 'failed' : 'sending',
      error: row.state === 'rejected' ? row.lastError : null,
    });
  }
  for (const row of uploads) {
    const args = chatUploadOf(row);
    if (!args || row.state === 'done' || args.conversationId !== conversationId || known.has(args._id)) continue;
    pending.push({
      ...args,
      sender: me,
      image: null,
      blob: row.blob,
      createdAt: new Date(row.createdAt).toISOString(),
      readAt: null,
      state: row.state === 'rejected' ? 'failed' : 'sending',
      error: row.state === 'rejected' ? row.lastError : null,
    });
  }
  return [...sent, ...pending.sort((a, b) => a.createdAt.localeCompare(b.createdAt))];
}

/** Latest activity first: the last message's time, or the conversation's own for an empty one. */
export function byLatestActivity(a: Conversation, b: Conversation): number {
  const activity = (c: Conversation) => c.lastMessage?.createdAt ?? c.createdAt;
  return activity(b).localeCompare(activity(a));
}

/**
 * Product rules §9.6: a conversation is shown once it has a message. The server syncs no other, but a
 * device may still hold one from an earlier version.
 */
export function hasMessages(conversation: Pick<Conversation, 'lastMessage'>): boolean {
  return conversation.lastMessage !== null;
}

/** Product rules §9.8: as support sees them, the support conversations whose traveller waits (unread messages from their side). */
export function waitingConversations(conversations: readonly Conversation[]): Conversation[] {
  return conversations.filter((c) => c.type === 'Support' && hasMessages(c) && c.unreadCount > 0);
}

/** Whether a message came from the other side of the conversation, as seen by `me`. */
export function fromOtherSide(conversation: Pick<Conversation, 'userId'>, me: string, sender: string): boolean {
  return conversation.userId === me ? sender !== me : sender === conversation.userId;
}

/** The conversations with a read receipt still in this device's outbox: they show nothing unread. */
export function pendingReads(outbox: OutboxRow[]): Set<string> {
  return new Set(
    outbox.flatMap((row) => {
      if (row.name !== 'markConversationRead' || row.state === 'rejected') return [];
      const args = row.args;
      return args && typeof args === 'object' && 'conversationId' in args && typeof args.conversationId === 'string' ? [args.conversationId] : [];
    }),
  );
}
