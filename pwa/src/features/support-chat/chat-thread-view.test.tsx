// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChatItem } from '../../local/chat-thread';
import { ChatThreadView } from './chat-thread-view';

vi.mock('../../local/token', () => ({ syncToken: () => null }));
afterEach(cleanup);

const daysAgo = (n: number, hour = 10) => {
  const d = new Date();
  d.setDate(d.getDate() - n);
  d.setHours(hour, 0, 0, 0);
  return d.toISOString();
};

const item = (n: number, createdAt: string, state: ChatItem['state'] = 'sent', sender = 'guest-1'): ChatItem => ({
  _id: `m${n}`,
  conversationId: 'c1',
  sender,
  content: `message ${n}`,
  image: null,
  blob: null,
  createdAt,
  readAt: null,
  state,
  error: state === 'failed' ? 'Conversation not found' : null,
});

describe('the chat thread', () => {
  it('separates days as DD/MM/YYYY, Yesterday and Today, and shows Sending and Failed with Retry', async () => {
    const onRetry = vi.fn();
    const old = new Date(daysAgo(5));
    const oldLabel = `${String(old.getDate()).padStart(2, '0')}/${String(old.getMonth() + 1).padStart(2, '0')}/${old.getFullYear()}`;
    const items = [
      item(1, daysAgo(5)),
      item(2, daysAgo(1), 'sent', 'admin-1'),
      item(3, daysAgo(0, 9)),
      item(4, daysAgo(0, 11), 'sending'),
      item(5, daysAgo(0, 12), 'failed'),
    ];
    render(
      <ChatThreadView
        conversationId="c1"
        items={items}
        isMine={(sender) => sender === 'guest-1'}
        typingName="Support"
        emptyText="Say hello"
        onRetry={onRetry}
      />,
    );

    const list = screen.getByRole('list', { name: 'Messages' });
    expect(
      within(list)
        .getAllByRole('separator')
        .map((s) => s.textContent),
    ).toEqual([oldLabel, 'Yesterday', 'Today']);
    expect(within(list).getByText('message 4').closest('li')?.textContent).toContain('Sending');
    const failed = within(list).getByText('message 5').closest('li');
    expect(failed?.textContent).toContain('Failed');
    await userEvent.setup().click(within(failed as HTMLElement).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledWith(items[4]);
    expect(screen.getByRole('status').textContent).toBe('Support is typing…');
    expect(screen.queryByText('Say hello')).toBeNull();
  });

  it('says Seen under the newest own message the other side has read, and nowhere else', () => {
    const read = (n: number, sender = 'guest-1'): ChatItem => ({ ...item(n, daysAgo(0, 8 + n), 'sent', sender), readAt: daysAgo(0, 12) });
    const items = [read(1), read(2), read(3, 'admin-1'), item(4, daysAgo(0, 13))];
    const view = render(
      <ChatThreadView conversationId="c1" items={items} isMine={(sender) => sender === 'guest-1'} typingName={null} emptyText="Say hello" onRetry={vi.fn()} />,
    );
    const list = screen.getByRole('list', { name: 'Messages' });
    expect(within(list).getAllByText('Seen')).toHaveLength(1);
    expect(within(list).getByText('message 2').closest('li')?.textContent).toContain('Seen');

    view.rerender(
      <ChatThreadView
        conversationId="c1"
        items={[...items.slice(0, 3), { ...items[3]!, readAt: daysAgo(0, 14) }]}
        isMine={(sender) => sender === 'guest-1'}
        typingName={null}
        emptyText="Say hello"
        onRetry={vi.fn()}
      />,
    );
    expect(within(list).getAllByText('Seen')).toHaveLength(1);
    expect(within(list).getByText('message 4').closest('li')?.textContent).toContain('Seen');
  });
});
