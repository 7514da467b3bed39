import { useState } from 'react';
import type { Conversation } from '../../../../../sync/schemas/chat';
import { useToast } from '../../../components/ui/use-toast';
import { storeConversation } from '../../../local/chat-store';
import { ConversationView } from '../conversation-view';
import { api } from '../../../lib/api';
import { messageOf } from '../../../lib/api-error';

type ConversationPaneProps = { conversation: Conversation | undefined; conversationId: string | null; me: string; typing: boolean };

export function ConversationPane({ conversation, conversationId, me, typing }: ConversationPaneProps) {
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  if (!conversationId) return <div className="support-pane support-pane--empty">Select a conversation to start a chat</div>;
  if (!conversation) return <div className="support-pane support-pane--empty">Loading the conversation…</div>;

  const next = conversation.status === 'open' ? 'resolved' : 'open';
  const setStatus = async () => {
    setBusy(true);
    try {
      const answer = await api<unknown>(`/messages/conversations/${conversation._id}/status`, { method: 'PUT', body: { status: next } });
      await storeConversation(answer);
    } catch (error) {
      toast.error(messageOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="support-pane">
      <header className="support-pane-header">
        <div className="support-pane-who">
          <h2 className="support-pane-title">
            {conversation.otherUser.fullName}
            {conversation.isGuest && <span className="support-badge">Guest</span>}
          </h2>
          {conversation.otherUser.email && (
            <a className="support-pane-email" href={`mailto:${conversation.otherUser.email}`}>
              {conversation.otherUser.email}
            </a>
          )}
        </div>
        <span className="support-pane-status">{conversation.status === 'open' ? 'Open' : 'Resolved'}</span>
        <button type="button" className="button button-secondary" disabled={busy} onClick={() => void setStatus()}>
          {next === 'resolved' ? 'Resolve' : 'Reopen'}
        </button>
      </header>
      <ConversationView
        key={conversation._id}
        conversationId={conversation._id}
        conversation={conversation}
        me={me}
        typingName={typing ? conversation.otherUser.fullName : null}
        emptyText="No messages yet."
      />
    </div>
  );
}
