import { useEffect } from 'react';
import type { User } from '../../../../sync/schemas/user';
import { Spinner } from '../../components/ui/spinner';
import { useConversation } from '../../local/chat';
import { ConversationView } from './conversation-view';
import { useSupportChat } from './use-support-chat';
import { useTypingIn } from './use-typing';

export function ChatScreen({ user, onNeedsGuest }: { user: User | null; onNeedsGuest: () => void }) {
  const chat = useSupportChat(user, true);
  const ready = chat.status === 'ready' ? chat : null;
  const typing = useTypingIn(ready?.me ?? null);
  const conversation = useConversation(ready?.conversationId ?? null);

  useEffect(() => {
    if (chat.status === 'needs-guest') onNeedsGuest();
  }, [chat.status, onNeedsGuest]);

  return (
    <div className="support-chat">
      <p className="support-promise">We usually reply within 2 hours</p>
      {chat.status === 'connecting' && <Spinner label="Connecting to support…" />}
      {chat.status === 'error' && (
        <p className="support-error" role="alert">
          {chat.message}
        </p>
      )}
      {ready && (
        <ConversationView
          conversationId={ready.conversationId}
          conversation={conversation}
          me={ready.me}
          typingName={typing.has(ready.conversationId) ? 'Support' : null}
          emptyText="Ask us anything about your trip, and we will answer right here."
        />
      )}
    </div>
  );
}
