// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Account, AccountDetail } from '../../../../../sync/schemas/admin-user';
import { renderDashboard, stubDialogs } from '../../../components/test-kit';
import { AccountView } from './account-view';
import { UsersTable } from './users-table';

const ME = { _id: 'me', fullName: 'SkyWay Admin', email: 'admin@skyway.test', role: 'admin', emailVerified: true, createdAt: '' };
const account = (id: string, changes: Partial<Account> = {}): Account => ({
  _id: id,
  fullName: `Traveller ${id}`,
  email: `${id}@example.com`,
  role: 'user',
  status: 'active',
  disabledAt: null,
  emailVerified: true,
  bookings: 1,
  createdAt: '2031-01-01T10:00:00.000Z',
  ...changes,
});
const ACCOUNTS = Array.from({ length: 45 }, (_, i) => account(`t${i}`, { fullName: i % 2 ? `Ada ${i}` : `Bola ${i}` }));
const ADA: AccountDetail = {
  user: account('ada', { fullName: 'Ada Obi', bookings: 2 }),
  bookings: [
    {
      _id: 'b1',
      reference: 'K7QX2P',
      status: 'confirmed',
      paymentStatus: 'successful',
      flights: 'SW1234 LOS-LHR / SW1235 LHR-LOS',
      departureTime: '2031-02-01T09:00:00.000Z',
      total: 840,
      createdAt: '2031-01-01T10:00:00.000Z',
    },
    {
      _id: 'b2',
      reference: 'M3RT8Z',
      status: 'pending',
      paymentStatus: 'pending',
      flights: 'SW2000 LOS-ACC',
      departureTime: '2031-03-01T09:00:00.000Z',
      total: 180,
      createdAt: '',
    },
  ],
};

const asked: URLSearchParams[] = [];
const changes: unknown[] = [];
let refuse: { status: number; body: { code: string; message: string } } | null = null;
const server = setupServer(
  http.get('/api/users', () => HttpResponse.json(ME)),
  http.get('/api/admin/users', ({ request }) => {
    const query = new URL(request.url).searchParams;
    asked.push(query);
    const search = (query.get('search') ?? '').toLowerCase();
    const found = ACCOUNTS.filter((a) => a.fullName.toLowerCase().includes(search));
    const page = Number(query.get('page'));
    const limit = Number(query.get('limit'));
    return HttpResponse.json(found.slice((page - 1) * limit, page * limit), { headers: { 'X-Total-Count': String(found.length) } });
  }),
  http.get('/api/admin/users/:id', ({ params }) =>
    HttpResponse.json(params.id === 'me' ? { user: account('me', { fullName: 'SkyWay Admin', role: 'admin' }), bookings: [] } : ADA),
  ),
  http.put('/api/admin/users/:id/:what', async ({ request, params }) => {
    changes.push({ id: params.id, what: params.what, body: await request.json() });
    if (refuse) return HttpResponse.json(refuse.body, { status: refuse.status });
    return HttpResponse.json(account(String(params.id), { role: 'admin' }));
  }),
);

beforeAll(() => {
  stubDialogs();
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => localStorage.setItem('authToken', 'admin-token'));
afterEach(() => {
  cleanup();
  localStorage.clear();
  asked.length = 0;
  changes.length = 0;
  refuse = null;
});
afterAll(() => server.close());

describe('users page', () => {
  it('searches accounts on the server by name or e-mail, filters by role and pages with the total', async () => {
    const user = userEvent.setup();
    renderDashboard(<UsersTable />, '/dashboard/users');
    expect(await screen.findByText('45 accounts')).toBeTruthy();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(21);
    expect(asked.at(-1)?.toString()).toBe('page=1&limit=20');
    await user.type(screen.getByLabelText('Search by name or e-mail'), 'ada');
    expect(await screen.findByText('22 accounts')).toBeTruthy();
    expect(asked.at(-1)?.get('search')).toBe('ada');
    await user.click(screen.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Admins' }));
    await screen.findByText('22 accounts');
    expect(asked.at(-1)?.get('role')).toBe('admin');
    expect(screen.getByRole('link', { name: 'Open Ada 1' }).getAttribute('href')).toBe('/dashboard/users/t1');
  });

  it("shows an account's bookings with links to their history, makes it admin after a question, and shows a refusal", async () => {
    const user = userEvent.setup();
    renderDashboard(<AccountView id="ada" />, '/dashboard/users/ada');
    expect(await screen.findByRole('heading', { name: 'Ada Obi' })).toBeTruthy();
    const rows = within(screen.getByRole('table', { name: 'Bookings of this account' })).getAllByRole('row');
    expect(within(rows[1] ?? document.body).getByText('SW1234 LOS-LHR / SW1235 LHR-LOS')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'History of K7QX2P' }).getAttribute('href')).toBe('/dashboard/audit?entityId=b1');
    expect(screen.getByRole('link', { name: 'What Ada Obi did' }).getAttribute('href')).toBe('/dashboard/audit?actor=ada');

    await user.click(screen.getByRole('button', { name: 'Make admin' }));
    const dialog = screen.getByRole('dialog', { name: 'Make admin?' });
    await user.click(within(dialog).getByRole('button', { name: 'Make admin' }));
    expect(await screen.findByText('Ada Obi is now an admin')).toBeTruthy();
    expect(changes).toEqual([{ id: 'ada', what: 'role', body: { role: 'admin' } }]);

    refuse = { status: 409, body: { code: 'last_admin', message: 'SkyWay needs at least one active admin: make another account admin first' } };
    await user.click(screen.getByRole('button', { name: 'Disable account' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Disable account?' })).getByRole('button', { name: 'Disable account' }));
    expect(await screen.findByText('SkyWay needs at least one active admin: make another account admin first')).toBeTruthy();
    expect(changes.at(-1)).toEqual({ id: 'ada', what: 'status', body: { status: 'disabled' } });
  });

  it('does not offer an admin to disable their own account', async () => {
    renderDashboard(<AccountView id="me" />, '/dashboard/users/me');
    expect(await screen.findByText('This is your account: another admin can disable it.')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Disable account' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Remove admin' }).disabled).toBe(false);
  });
});
