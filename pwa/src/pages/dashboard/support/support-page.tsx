import { Link, useSearchParams } from 'react-router-dom';
import { PageSpinner } from '../../../components/ui/page-spinner';
import { useConversations } from '../../../local/chat';
import { SyncBanner } from '../../../components/sync-status/sync-banner';
import { useChatSync } from '../../../features/support-chat/use-chat-sync';
import { useTypingIn } from '../../../features/support-chat/use-typing';
import { readAuthToken } from '../../../lib/auth-token';
import { useAuth } from '../../../lib/auth';
import { ConversationList } from '../../../features/support-chat/desk/conversation-list';
import { ConversationPane } from '../../../features/support-chat/desk/conversation-pane';
import '../../../features/support-chat/support-chat.css';
import '../../../features/support-chat/desk/support-desk.css';

/**
 * The support console. It reads conversations and messages from the device (synced, live), so it keeps
 * working on a bad connection; replies go through the outbox like every other change.
 */
export function SupportPage() {
  const { user, loading } = useAuth();
  const admin = user?.role === 'admin' ? user : null;
  const [params, setParams] = useSearchParams();
  const selected = params.get('conversation');
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
      <h1>Support</h1>
      <SyncBanner />
      {conversations === undefined ? (
        <PageSpinner />
      ) : (
        <div className="support-console-grid">
          <ConversationList conversations={support} selected={selected} typing={typing} onSelect={(id) => setParams({ conversation: id })} />
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
