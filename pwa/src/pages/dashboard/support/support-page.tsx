import { Link, useSearchParams } from 'react-router-dom';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useConversations } from '../../../local/chat';
import { useChatSync } from '../../../features/support-chat/use-chat-sync';
import { useTypingIn } from '../../../features/support-chat/use-typing';
import { readAuthToken } from '../../../lib/auth-token';
import { useAuth } from '../../../lib/auth';
import { ConversationList } from '../../../features/support-chat/desk/conversation-list';
import { ConversationPane } from '../../../features/support-chat/desk/conversation-pane';
import { inboxFilterOf, type InboxFilter } from '../../../features/support-chat/desk/inbox';
import { NotificationToggle } from '../../../features/support-alerts/notification-toggle';
import '../../../features/support-chat/support-chat.css';
import '../../../features/support-chat/desk/support-desk.css';

/**
 * The support console. It reads conversations and messages from the device (synced, live), so it keeps
 * working on a bad connection; replies go through the outbox like every other change. The filter
 * (Open or Resolved) and the open conversation are in the address.
 */
export function SupportPage() {
  const { user, loading } = useAuth();
  const admin = user?.role === 'admin' ? user : null;
  const [params, setParams] = useSearchParams();
  const selected = params.get('conversation');
  const filter = inboxFilterOf(params.get('status'));
  const show = (next: { status: InboxFilter; conversation: string | null }) =>
    setParams({ ...(next.status !== 'open' && { status: next.status }), ...(next.conversation && { conversation: next.conversation }) });
  useChatSync(admin ? readAuthToken() : null);
  const conversations = useConversations();
  const typing = useTypingIn(admin?._id ?? null);

  if (loading) return <PageSpinner />;
  if (!admin) {
    return (
      <section className="page">
        <h1>Support</h1>
        {user ? (
          <p>This page is for the support team.</p>
        ) : (
          <p>
            <Link to="/login?redirect=/dashboard/support">Sign in</Link> to answer support conversations.
          </p>
        )}
      </section>
    );
  }
  const support = (conversations ?? []).filter((c) => c.type === 'Support');
  return (
    <section className="page support-console">
      <div className="page-head">
        <h1>Support</h1>
        <NotificationToggle />
      </div>
      {conversations === undefined ? (
        <PageSpinner />
      ) : (
        <div className="support-console-grid">
          <ConversationList
            conversations={support}
            filter={filter}
            selected={selected}
            typing={typing}
            onFilter={(status) => show({ status, conversation: selected })}
            onSelect={(conversation) => show({ status: filter, conversation })}
          />
          <ConversationPane
            conversationId={selected}
            conversation={support.find((c) => c._id === selected)}
            me={admin._id}
            typing={selected !== null && typing.has(selected)}
          />
        </div>
      )}
    </section>
  );
}
