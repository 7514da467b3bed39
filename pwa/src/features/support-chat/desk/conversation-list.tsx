import { useState } from 'react';
import type { Conversation } from '../../../../../sync/schemas/chat';
import { messagePreview } from '../chat-format';

type ConversationListProps = {
  conversations: Conversation[];
  selected: string | null;
  typing: ReadonlyMap<string, string>;
  onSelect: (id: string) => void;
};

export function ConversationList({ conversations, selected, typing, onSelect }: ConversationListProps) {
  const [search, setSearch] = useState('');
  const query = search.trim().toLowerCase();
  const shown = query ? conversations.filter((c) => c.otherUser.fullName.toLowerCase().includes(query)) : conversations;
  return (
    <div className="support-list">
      <input
        type="search"
        className="field-input support-search"
        placeholder="Search by name"
        aria-label="Search conversations by name"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {shown.length === 0 && <p className="support-list-empty">{query ? 'No conversation matches that name' : 'No conversations yet'}</p>}
      <ul className="support-list-items" aria-label="Conversations">
        {shown.map((c) => (
          <li key={c._id}>
            <button type="button" className="support-list-item" aria-current={c._id === selected ? 'true' : undefined} onClick={() => onSelect(c._id)}>
              <span className="support-list-line">
                <span className="support-list-name">{c.otherUser.fullName}</span>
                {c.isGuest && <span className="support-badge">Guest</span>}
                {c.status === 'resolved' && <span className="support-badge support-badge--muted">Resolved</span>}
                {c.unreadCount > 0 && (
                  <span className="support-unread" aria-label={`${c.unreadCount} unread`}>
                    {c.unreadCount}
                  </span>
                )}
              </span>
              <span className="support-list-preview">{typing.has(c._id) ? 'typing…' : messagePreview(c.lastMessage?.content)}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
