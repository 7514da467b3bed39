import { useState } from 'react';
import type { Conversation } from '../../../../../sync/schemas/chat';
import { Tabs } from '../../../components/ui/tabs';
import { messagePreview } from '../chat-format';
import { inbox, INBOX_FILTERS, unreadSummary, type InboxFilter } from './inbox';

type ConversationListProps = {
  conversations: Conversation[];
  filter: InboxFilter;
  selected: string | null;
  typing: ReadonlyMap<string, string>;
  onFilter: (filter: InboxFilter) => void;
  onSelect: (id: string) => void;
};

const FILTER_NAMES: Record<InboxFilter, string> = { open: 'Open', resolved: 'Resolved' };

function emptyText(filter: InboxFilter, searching: boolean): string {
  if (searching) return 'No conversation matches that name or e-mail';
  return filter === 'open' ? 'No open conversations' : 'No resolved conversations';
}

/** The support inbox (product rules §9.7): Open and Resolved, the unread total, and per conversation who wrote and what. */
export function ConversationList({ conversations, filter, selected, typing, onFilter, onSelect }: ConversationListProps) {
  const [search, setSearch] = useState('');
  const { shown, counts, unread } = inbox(conversations, filter, search);
  const tabs = INBOX_FILTERS.map((key) => ({ key, label: `${FILTER_NAMES[key]} (${counts[key]})` }));
  return (
    <div className="support-list">
      <input
        type="search"
        className="field-input support-search"
        placeholder="Search by name or e-mail"
        aria-label="Search conversations by name or e-mail"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      <p className="support-unread-total" role="status">
        {unreadSummary(unread)}
      </p>
      <Tabs label="Conversations by status" tabs={tabs} active={filter} onChange={onFilter}>
        {shown.length === 0 && <p className="support-list-empty">{emptyText(filter, search.trim() !== '')}</p>}
        <ul className="support-list-items" aria-label="Conversations">
          {shown.map((c) => (
            <li key={c._id}>
              <button type="button" className="support-list-item" aria-current={c._id === selected ? 'true' : undefined} onClick={() => onSelect(c._id)}>
                <span className="support-list-line">
                  <span className="support-list-name">{c.otherUser.fullName}</span>
                  {c.isGuest && <span className="support-badge">Guest</span>}
                  {c.unreadCount > 0 && (
                    <span className="support-unread" aria-label={`${c.unreadCount} unread`}>
                      {c.unreadCount}
                    </span>
                  )}
                </span>
                {c.otherUser.email && <span className="support-list-email">{c.otherUser.email}</span>}
                <span className="support-list-preview">{typing.has(c._id) ? 'typing…' : messagePreview(c.lastMessage?.content)}</span>
              </button>
            </li>
          ))}
        </ul>
      </Tabs>
    </div>
  );
}
