// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Conversation } from '../../../../sync/schemas/chat';
import type { User } from '../../../../sync/schemas/user';
import { ToastProvider } from '../../components/ui/toast-provider';
import { stubDialogs } from '../../components/test-kit';
import type { UploadRow } from '../../local/db';
import { fakeRunner } from '../../local/fake-runner';
import { SyncRunnerProvider } from '../../local/sync-context';
import { supportConversation } from '../../local/test-conversation';
import { DashboardLayout } from './dashboard-layout';

const auth = vi.hoisted(() => ({ user: null as User | null, loading: false, logout: vi.fn(), pending: 0, forgotten: [] as boolean[] }));
const chat = vi.hoisted(() => ({ conversations: [] as Conversation[] }));

vi.mock('../../lib/auth', () => ({ useAuth: () => auth }));
vi.mock('../../local/hooks', () => ({ useLastSynced: () => null }));
vi.mock('../../local/chat', () => ({ useConversations: () => chat.conversations }));
const runner = fakeRunner({
  pendingChanges: () =>
    Promise.resolve({
      outbox: Array.from({ length: auth.pending }, (_, i) => ({ ...queuedRow(i + 1), name: 'sendMessage', args: { _id: `m${i}`, conversationId: 'c1' } })),
      uploads: auth.pending ? [{ intent: { name: 'attachReceipt', args: { paymentId: 'p1' } } } as UploadRow] : [],
    }),
  forgetDevice: (discard) => {
    auth.forgotten.push(discard);
    return Promise.resolve();
  },
});

function queuedRow(mutationId: number) {
  return { mutationId, state: 'queued' as const, attempts: 0, lastError: null, nextAttemptAt: 0, createdAt: 0 };
}

const person = (role: User['role']): User => ({
  _id: 'u1',
  fullName: 'Ada Okafor',
  emailVerified: true,
  email: 'ada@example.com',
  mobile: null,
  nationality: null,
  dob: null,
  gender: null,
  address: null,
  image: null,
  whatsApp: null,
  role,
  createdAt: '',
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/dashboard',
        element: <DashboardLayout />,
        children: ['bookings', 'airports', 'overview'].map((child) => ({ path: child, element: <Where /> })),
      },
      { path: '/login', element: <Where /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <ToastProvider>
      <SyncRunnerProvider runner={runner}>
        <RouterProvider router={router} />
      </SyncRunnerProvider>
    </ToastProvider>,
  );
}

beforeAll(stubDialogs);
beforeEach(() => {
  document.title = 'SkyWay Airlines';
  chat.conversations = [];
  auth.user = null;
  auth.loading = false;
  auth.pending = 0;
  auth.forgotten = [];
  auth.logout.mockClear();
});
afterEach(cleanup);

describe('dashboard layout', () => {
  it('shows a spinner while the user loads, and sends a visitor to log in with the way back', async () => {
    auth.loading = true;
    renderAt('/dashboard/bookings');
    expect(screen.getByText('Loading your account…')).toBeTruthy();
    cleanup();
    auth.loading = false;
    renderAt('/dashboard/bookings?tab=confirmed');
    expect((await screen.findByTestId('where')).textContent).toBe('/login?redirect=%2Fdashboard%2Fbookings%3Ftab%3Dconfirmed');
  });

  it('keeps travellers out of staff pages, with the reason, and shows them only their menu', async () => {
    auth.user = person('user');
    renderAt('/dashboard/airports');
    expect((await screen.findByTestId('where')).textContent).toBe('/dashboard/bookings');
    expect(await screen.findByText('That page is for SkyWay staff only')).toBeTruthy();
    const menu = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Profile', 'My Bookings', 'Payments']);
  });

  it('opens staff pages to admins, with the back-office menu', async () => {
    auth.user = person('admin');
    renderAt('/dashboard/airports');
    expect((await screen.findByTestId('where')).textContent).toBe('/dashboard/airports');
    const office = screen.getByRole('list', { name: 'Back office' });
    expect(
      within(office)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Overview', 'Airports', 'Flights', 'All Bookings', 'All Payments', 'Support', 'Users', 'Settings', 'Audit log', 'Mail outbox']);
  });

  it('names the changes not yet sent before signing out, and keeps them by default or discards them', async () => {
    const user = userEvent.setup();
    auth.user = person('user');
    auth.pending = 2;
    renderAt('/dashboard/bookings');
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    let dialog = await screen.findByRole('dialog', { name: 'Sign out?' });
    expect(within(dialog).getByText('3 changes are not sent yet:')).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Chat message ×2', 'Receipt image']);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Keep for next sign-in' }));
    await user.click(within(dialog).getByRole('button', { name: 'Stay signed in' }));
    expect(auth.logout).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Sign out?' })).getByRole('button', { name: 'Keep for next sign-in' }));
    await vi.waitFor(() => expect(auth.logout).toHaveBeenCalledTimes(1));
    expect(auth.forgotten).toEqual([false]);

    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    dialog = await screen.findByRole('dialog', { name: 'Sign out?' });
    await user.click(within(dialog).getByRole('button', { name: 'Discard' }));
    await vi.waitFor(() => expect(auth.logout).toHaveBeenCalledTimes(2));
    expect(auth.forgotten).toEqual([false, true]);
  });

  it('signs out at once when nothing waits to be sent', async () => {
    const user = userEvent.setup();
    auth.user = person('user');
    renderAt('/dashboard/bookings');
    await user.click(screen.getByRole('button', { name: 'Sign Out' }));
    await vi.waitFor(() => expect(auth.logout).toHaveBeenCalledTimes(1));
    expect(auth.forgotten).toEqual([false]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the travellers waiting for support on the Support item, the Menu button and the tab title of any admin page', () => {
    auth.user = person('admin');
    chat.conversations = [
      supportConversation(1, { unreadCount: 2 }),
      supportConversation(2, { unreadCount: 1, isGuest: true }),
      supportConversation(3),
      supportConversation(4, { unreadCount: 1, lastMessage: null }),
    ];
    renderAt('/dashboard/airports');
    const menu = screen.getByRole('navigation', { name: 'Dashboard' });
    expect(within(menu).getByRole('link', { name: 'Support', description: '2 travellers waiting' })).toBeTruthy();
    expect(within(menu).getByRole('link', { name: 'Airports', description: '' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Menu', description: '2 travellers waiting' })).toBeTruthy();
    expect(document.title).toBe('(2) SkyWay Airlines');
    cleanup();
    expect(document.title).toBe('SkyWay Airlines');
  });

  it('raises no support badge for a traveller', () => {
    auth.user = person('user');
    chat.conversations = [supportConversation(1, { unreadCount: 2, userId: 'u1' })];
    renderAt('/dashboard/bookings');
    expect(screen.getByRole('button', { name: 'Menu', description: '' })).toBeTruthy();
    expect(document.title).toBe('SkyWay Airlines');
  });
});
