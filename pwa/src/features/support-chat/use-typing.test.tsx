// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ServerEventName } from '../../../../sync/socket-events';
import { fakeRunner } from '../../local/fake-runner';
import { SyncRunnerProvider } from '../../local/sync-context';
import { useTypingIn } from './use-typing';

const listeners = new Map<ServerEventName, (payload: never) => void>();
const runner = fakeRunner({
  onRealtime: (event, handler) => {
    listeners.set(event, handler);
    return () => listeners.delete(event);
  },
});

function Typing({ me }: { me: string }) {
  const typing = useTypingIn(me);
  return <p>{[...typing].map(([conversation, user]) => `${conversation}:${user}`).join(',') || 'nobody'}</p>;
}

const renderTyping = (me: string) =>
  render(
    <SyncRunnerProvider runner={runner}>
      <Typing me={me} />
    </SyncRunnerProvider>,
  );

const hear = (payload: unknown) =>
  act(() => {
    listeners.get('typing')?.(payload as never);
  });

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the typing indicator', () => {
  it('shows who types, and goes 3 seconds after the last typing event', () => {
    renderTyping('admin-1');
    hear({ conversationId: 'c1', isTyping: true, userId: 'guest-1' });
    expect(screen.getByText('c1:guest-1')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(2_000);
    });
    hear({ conversationId: 'c1', isTyping: true, userId: 'guest-1' });
    act(() => {
      vi.advanceTimersByTime(2_900);
    });
    expect(screen.getByText('c1:guest-1')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(100);
    });
    expect(screen.getByText('nobody')).not.toBeNull();
  });

  it('goes at once on stopTyping, and ignores the viewer own typing and malformed events', () => {
    renderTyping('admin-1');
    hear({ conversationId: 'c1', isTyping: true, userId: 'guest-1' });
    hear({ conversationId: 'c1', isTyping: false, userId: 'guest-1' });
    hear({ conversationId: 'c2', isTyping: true, userId: 'admin-1' });
    hear({ conversationId: 42 });
    expect(screen.getByText('nobody')).not.toBeNull();
  });
});
