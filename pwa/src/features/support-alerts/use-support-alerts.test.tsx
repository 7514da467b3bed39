// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSyncExternalStore } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversation } from '../../../../sync/schemas/chat';
import { supportConversation } from '../../local/test-conversation';
import { NotificationToggle } from './notification-toggle';
import { useSupportAlerts } from './use-support-alerts';

/** The admin's device: conversations that change the way a pull changes them. */
const device = vi.hoisted(() => {
  const listeners = new Set<() => void>();
  let rows: Conversation[] = [];
  return {
    set: (next: Conversation[]) => {
      rows = next;
      for (const listener of listeners) listener();
    },
    read: () => rows,
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
});
vi.mock('../../local/chat', () => ({ useConversations: () => useSyncExternalStore(device.subscribe, device.read) }));

type Shown = { title: string; options: NotificationOptions; notification: FakeNotification };
const shown: Shown[] = [];
let visibility: DocumentVisibilityState = 'visible';

class FakeNotification {
  static permission: NotificationPermission = 'default';
  static answer: NotificationPermission = 'granted';
  static requestPermission = vi.fn(() => {
    FakeNotification.permission = FakeNotification.answer;
    return Promise.resolve(FakeNotification.permission);
  });
  onclick: (() => void) | null = null;
  close = vi.fn();
  constructor(title: string, options: NotificationOptions) {
    shown.push({ title, options, notification: this });
  }
}

function AdminPage() {
  const waiting = useSupportAlerts(true);
  const location = useLocation();
  return (
    <>
      <p data-testid="where">{`${location.pathname}${location.search}`}</p>
      <p>{`${waiting} waiting`}</p>
      <NotificationToggle />
    </>
  );
}

const renderAdminPage = () =>
  render(
    <MemoryRouter initialEntries={['/dashboard/overview']}>
      <Routes>
        <Route path="/dashboard/*" element={<AdminPage />} />
      </Routes>
    </MemoryRouter>,
  );

const waiting = (unreadCount: number) => act(() => device.set([supportConversation(1, { unreadCount }), supportConversation(2)]));
const toggle = () => screen.getByRole<HTMLInputElement>('checkbox', { name: 'Notify me when a traveller writes' });

beforeEach(() => {
  document.title = 'SkyWay Airlines';
  device.set([]);
  shown.length = 0;
  visibility = 'visible';
  FakeNotification.permission = 'default';
  FakeNotification.answer = 'granted';
  FakeNotification.requestPermission.mockClear();
  vi.stubGlobal('Notification', FakeNotification);
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('support alerts on an admin page', () => {
  it('count the waiting travellers live in the tab title', () => {
    renderAdminPage();
    expect(document.title).toBe('SkyWay Airlines');
    waiting(1);
    expect(screen.getByText('1 waiting')).toBeTruthy();
    expect(document.title).toBe('(1) SkyWay Airlines');
    waiting(0);
    expect(document.title).toBe('SkyWay Airlines');
  });

  it('ask for permission only on the admin click, then notify a new message only while the tab is hidden', async () => {
    const user = userEvent.setup();
    renderAdminPage();
    visibility = 'hidden';
    waiting(1);
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
    expect(shown).toEqual([]);

    await user.click(toggle());
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    expect(toggle().checked).toBe(true);

    visibility = 'visible';
    waiting(2);
    expect(shown).toEqual([]);
    visibility = 'hidden';
    waiting(3);
    expect(shown.map((s) => [s.title, s.options.body, s.options.tag])).toEqual([['Traveller 1 is waiting for support', 'question 1', 'support-c1']]);
    act(() => shown[0]?.notification.onclick?.());
    expect(screen.getByTestId('where').textContent).toBe('/dashboard/support?conversation=c1');

    await user.click(toggle());
    expect(toggle().checked).toBe(false);
    waiting(4);
    expect(shown).toHaveLength(1);
  });

  it('stay off when the browser refuses, and say so once it blocks the site', async () => {
    const user = userEvent.setup();
    FakeNotification.answer = 'denied';
    renderAdminPage();
    await user.click(toggle());
    expect(toggle().checked).toBe(false);
    expect(toggle().disabled).toBe(true);
    expect(screen.getByText("Notifications are blocked for this site in the browser's settings.")).toBeTruthy();
    expect(localStorage.getItem('supportNotifications')).toBeNull();
  });

  it('offer no switch in a browser without notifications', () => {
    vi.unstubAllGlobals();
    renderAdminPage();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
