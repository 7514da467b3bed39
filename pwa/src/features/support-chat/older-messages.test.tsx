// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '../../../../sync/schemas/chat';
import type { ChatItem } from '../../local/chat-thread';
import { setSyncState } from '../../local/sync-status';
import { ChatThreadView } from './chat-thread-view';

vi.mock('../../local/token', () => ({ syncToken: () => 'guest-token' }));

const START = new Date(2026, 0, 5, 8, 0).getTime();
const at = (n: number) => new Date(START + n * 60_000).toISOString();
const message = (n: number): Message => ({
  _id: `m${n}`,
  conversationId: 'c1',
  sender: 'guest-1',
  content: `message ${n}`,
  image: null,
  type: 'Support',
  createdAt: at(n),
  readAt: null,
});
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => message(from + i));
const held = (from: number, to: number): ChatItem[] => range(from, to).map((m) => ({ ...m, blob: null, state: 'sent', error: null }));

/** The server's pages, answered in turn; what each call asked for. */
let answers: (() => Response)[] = [];
const asked: { before: string | null; limit: string | null; auth: string | null }[] = [];
const server = setupServer(
  http.get('/api/messages/c1', ({ request }) => {
    const url = new URL(request.url);
    asked.push({ before: url.searchParams.get('before'), limit: url.searchParams.get('limit'), auth: request.headers.get('Authorization') });
    const answer = answers.shift();
    if (!answer) throw new Error('no answer left');
    return answer();
  }),
);
const page = (messages: Message[], hasMore: boolean) => () => HttpResponse.json({ messages, hasMore });

/** jsdom has no IntersectionObserver: this one reports only when a test scrolls the top into view. */
const observers = new Set<IntersectionObserverCallback>();
class TestObserver {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe() {
    observers.add(this.callback);
  }
  disconnect() {
    observers.delete(this.callback);
  }
}
const scrollToTop = () =>
  act(() => {
    for (const callback of observers) callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver);
  });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => vi.stubGlobal('IntersectionObserver', TestObserver));
afterEach(() => {
  cleanup();
  answers = [];
  asked.length = 0;
  observers.clear();
  setSyncState({ online: true });
  vi.unstubAllGlobals();
});
afterAll(() => server.close());

const thread = (items: ChatItem[]) => (
  <ChatThreadView conversationId="c1" items={items} isMine={(sender) => sender === 'guest-1'} typingName={null} emptyText="Say hello" onRetry={vi.fn()} />
);
const shownTexts = () => Array.from(screen.getByRole('list', { name: 'Messages' }).querySelectorAll('.chat-text'), (text) => text.textContent);
const olderButton = () => screen.queryByRole('button', { name: 'Show older messages' });

describe('older messages of a conversation', () => {
  it('are offered only when the device holds 50 or more messages, and only online', () => {
    const view = render(thread(held(52, 100)));
    expect(olderButton()).toBeNull();

    view.rerender(thread(held(51, 100)));
    expect(olderButton()).not.toBeNull();

    act(() => setSyncState({ online: false }));
    expect(olderButton()).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Older messages show when you are online.');
    expect(asked).toEqual([]);
  });

  it('load with the button before the device messages, once each, until the start of the conversation', async () => {
    // The server's page may hold a message the device has too (m51): it shows once.
    answers = [page(range(21, 51), true), page(range(1, 20), false)];
    render(thread(held(51, 100)));
    const user = userEvent.setup();

    await user.click(olderButton()!);
    await screen.findByText('message 21');
    expect(shownTexts()).toEqual(range(21, 100).map((m) => m.content));
    expect(asked[0]).toEqual({ before: at(51), limit: '50', auth: 'Bearer guest-token' });

    await user.click(olderButton()!);
    expect(await screen.findByText('Start of the conversation')).toBeTruthy();
    expect(asked[1]?.before).toBe(at(21));
    expect(shownTexts()).toEqual(range(1, 100).map((m) => m.content));
    expect(olderButton()).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Start of the conversation');
  });

  it('load by themselves when the top of the thread scrolls into view', async () => {
    answers = [page(range(1, 50), false)];
    render(thread(held(51, 100)));
    scrollToTop();
    expect(await screen.findByText('message 1')).toBeTruthy();
    expect(await screen.findByText('Start of the conversation')).toBeTruthy();
    expect(asked).toHaveLength(1);
  });

  it('stay on screen as the device drops its oldest, unless more arrived at once than it keeps', async () => {
    answers = [page(range(41, 50), true)];
    const view = render(thread(held(51, 100)));
    await userEvent.setup().click(olderButton()!);
    await screen.findByText('message 41');

    view.rerender(thread(held(52, 101)));
    expect(shownTexts()).toEqual(range(41, 101).map((m) => m.content));

    // 60 new at once: what came before them is not known, so no gap is shown.
    view.rerender(thread(held(112, 161)));
    expect(shownTexts()).toEqual(range(112, 161).map((m) => m.content));
    expect(olderButton()).not.toBeNull();
  });

  it('say when they did not load, and the button tries again', async () => {
    answers = [() => HttpResponse.json({ message: 'Conversation not found' }, { status: 404 }), page(range(41, 50), true)];
    render(thread(held(51, 100)));
    const user = userEvent.setup();

    await user.click(olderButton()!);
    expect(await screen.findByText('Older messages did not load. Conversation not found')).toBeTruthy();
    await user.click(olderButton()!);
    expect(await screen.findByText('message 41')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('');
    expect(olderButton()).not.toBeNull();
  });
});
