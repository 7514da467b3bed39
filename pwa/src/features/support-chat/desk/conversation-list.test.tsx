// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { supportConversation } from '../../../local/test-conversation';
import { ConversationList } from './conversation-list';
import type { InboxFilter } from './inbox';

afterEach(cleanup);

const conversations = [
  supportConversation(1, { unreadCount: 2, otherUser: { _id: 'g1', fullName: 'Grace Guest', email: 'grace@example.com' }, isGuest: true }),
  supportConversation(2, { status: 'resolved' }),
  supportConversation(3, { unreadCount: 1 }),
  supportConversation(4, { lastMessage: null, unreadCount: 1 }),
];

function renderList(filter: InboxFilter, onFilter = vi.fn()) {
  render(<ConversationList conversations={conversations} filter={filter} selected={null} typing={new Map()} onFilter={onFilter} onSelect={vi.fn()} />);
  return onFilter;
}

const items = () =>
  within(screen.getByRole('list', { name: 'Conversations' }))
    .getAllByRole('button')
    .map((b) => b.textContent);

describe('the support desk list', () => {
  it('opens on the open conversations with who wrote, their e-mail and unread count, and the unread total', () => {
    renderList('open');
    expect(screen.getByRole('tab', { name: 'Open (2)', selected: true })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Resolved (1)', selected: false })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('3 unread messages in 2 conversations');
    expect(items()).toEqual(['Grace GuestGuest2grace@example.comquestion 1', 'Traveller 31traveller3@example.comquestion 3']);
    expect(screen.getByLabelText('2 unread')).toBeTruthy();
  });

  it('switches to the resolved ones on the tab, and says when a filter is empty', async () => {
    const user = userEvent.setup();
    const onFilter = renderList('open');
    await user.click(screen.getByRole('tab', { name: 'Resolved (1)' }));
    expect(onFilter).toHaveBeenCalledWith('resolved');
    cleanup();
    renderList('resolved');
    expect(items()).toEqual(['Traveller 2traveller2@example.comquestion 2']);
    cleanup();
    render(<ConversationList conversations={[]} filter="open" selected={null} typing={new Map()} onFilter={vi.fn()} onSelect={vi.fn()} />);
    expect(screen.getByText('No open conversations')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('No unread messages');
  });

  it('finds a traveller by e-mail', async () => {
    const user = userEvent.setup();
    renderList('open');
    await user.type(screen.getByRole('searchbox', { name: 'Search conversations by name or e-mail' }), 'GRACE@');
    expect(items()).toEqual(['Grace GuestGuest2grace@example.comquestion 1']);
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), 'nobody');
    expect(screen.getByText('No conversation matches that name or e-mail')).toBeTruthy();
  });
});
