import { useEffect, useState } from 'react';
import type { Conversation } from '../../../../sync/schemas/chat';
import { pruneChatUploads, sendChatMessage, takeBackFailed, useChatThread } from '../../local/chat';
import { fromOtherSide, type ChatItem } from '../../local/chat-thread';
import { useSyncRunner } from '../../local/sync-context';
import { useToast } from '../../components/ui/use-toast';
import { ChatThreadView } from './chat-thread-view';
import { Composer, EMPTY_DRAFT, type Draft } from './composer';
import { useTypingSignal } from './use-typing';

type ConversationViewProps = {
  conversationId: string;
  /** The synced conversation; absent for a moment after it was started. */
  conversation: Conversation | undefined;
  me: string;
  typingName: string | null;
  emptyText: string;
};

/**
 * One conversation: its thread from the device, a composer that sends through the outbox, Retry that
 * puts a failed message back into the composer, and read receipts for what arrives while it is open.
 * Keyed by the conversation id where it can change, so a draft never moves to another conversation.
 */
export function ConversationView({ conversationId, conversation, me, typingName, emptyText }: ConversationViewProps) {
  const items = useChatThread(conversationId, me) ?? [];
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const { typed, stopped } = useTypingSignal(conversationId);
  const toast = useToast();
  const runner = useSyncRunner();
  const { markConversationRead } = runner.mutate;
  const isMine = (sender: string) => (conversation ? !fromOtherSide(conversation, me, sender) : sender === me);
  // The newest unread message from the other side: each new one (seen while open) sends one read receipt.
  const lastUnread = conversation
    ? (items.findLast((i) => i.state === 'sent' && i.readAt === null && fromOtherSide(conversation, me, i.sender))?._id ?? null)
    : null;
  const synced = items.filter((i) => i.state === 'sent').length;

  useEffect(() => {
    if (!lastUnread) return undefined;
    const markIfSeen = () => {
      if (document.visibilityState === 'visible') void markConversationRead({ conversationId });
    };
    markIfSeen();
    document.addEventListener('visibilitychange', markIfSeen);
    return () => document.removeEventListener('visibilitychange', markIfSeen);
  }, [lastUnread, conversationId, markConversationRead]);

  useEffect(() => {
    if (synced > 0) void pruneChatUploads();
  }, [synced]);

  const send = () => {
    const sending = draft;
    setDraft(EMPTY_DRAFT);
    stopped();
    sendChatMessage(runner, conversationId, sending.content, sending.image).catch(() => {
      setDraft(sending);
      toast.error('An error occurred.');
    });
  };

  const retry = (item: ChatItem) => {
    takeBackFailed(runner, item).then(setDraft, () => toast.error('An error occurred.'));
  };

  return (
    <div className="chat-conversation">
      <ChatThreadView
        key={conversationId}
        conversationId={conversationId}
        items={items}
        isMine={isMine}
        typingName={typingName}
        emptyText={emptyText}
        onRetry={retry}
      />
      <Composer draft={draft} onDraft={setDraft} onSend={send} onTyping={typed} />
    </div>
  );
}
