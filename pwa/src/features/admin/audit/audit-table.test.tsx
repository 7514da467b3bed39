// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Account } from '../../../../../sync/schemas/admin-user';
import type { AuditRow } from '../../../../../sync/schemas/audit';
import { renderDashboard, stubDialogs } from '../../../components/test-kit';
import { AuditTable } from './audit-table';

const ME = { _id: 'me', fullName: 'SkyWay Admin', email: 'admin@skyway.test', role: 'admin', emailVerified: true, createdAt: '' };
const DEPUTY: Account = {
  _id: 'deputy',
  fullName: 'Deputy Admin',
  email: 'deputy@skyway.test',
  role: 'admin',
  status: 'active',
  disabledAt: null,
  emailVerified: true,
  bookings: 0,
  createdAt: '',
};
const row = (id: number, changes: Partial<AuditRow>): AuditRow => ({
  id,
  action: 'payment.approved',
  actorId: 'me',
  actorName: 'SkyWay Admin',
  entity: 'payment',
  entityId: `p${id}`,
  label: 'K7QX2P · TXN-1 · Ada Obi',
  fromStatus: 'pending',
  toStatus: 'successful',
  reason: null,
  createdAt: '2031-01-02T09:30:00.000Z',
  ...changes,
});
const ROWS = [
  row(3, {
    action: 'flight.deleted',
    entity: 'flight',
    label: 'SW1234 LOS-LHR 2031-03-01',
    fromStatus: 'scheduled',
    toStatus: 'deleted',
    actorId: 'deputy',
    actorName: 'Deputy Admin',
  }),
  row(2, {
    action: 'booking.cancelled',
    entity: 'booking',
    label: 'K7QX2P · Ada Obi',
    fromStatus: 'pending',
    toStatus: 'cancelled',
    actorId: null,
    actorName: null,
    reason: 'payment deadline passed',
  }),
  row(1, {}),
];

const asked: URLSearchParams[] = [];
const server = setupServer(
  http.get('/api/users', () => HttpResponse.json(ME)),
  http.get('/api/admin/users', () => HttpResponse.json([DEPUTY])),
  http.get('/api/audit', ({ request }) => {
    const query = new URL(request.url).searchParams;
    asked.push(query);
    const action = query.get('action');
    const found = ROWS.filter((r) => !action || r.action === action);
    return HttpResponse.json(found, { headers: { 'X-Total-Count': String(found.length * 12) } });
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
});
afterAll(() => server.close());

const cellsOf = (index: number) =>
  within(within(screen.getByRole('table')).getAllByRole('row')[index + 1] ?? document.body)
    .getAllByRole('cell')
    .map((c) => c.textContent);

describe('audit log', () => {
  it('shows each change with its action in words, the reference, flight number or name, and who: you, an admin or the system', async () => {
    renderDashboard(<AuditTable />, '/dashboard/audit');
    expect(await screen.findByText('36 changes')).toBeTruthy();
    expect(cellsOf(0).slice(1)).toEqual(['Flight deleted', 'SW1234 LOS-LHR 2031-03-01', 'scheduled → deleted', '', 'Deputy Admin']);
    expect(cellsOf(1).slice(1)).toEqual(['Booking cancelled', 'K7QX2P · Ada Obi', 'pending → cancelled', 'payment deadline passed', 'System']);
    expect(cellsOf(2).slice(1)).toEqual(['Payment approved', 'K7QX2P · TXN-1 · Ada Obi', 'pending → successful', '', 'You']);
    expect(asked.at(-1)?.toString()).toBe('page=1&limit=20');
    expect(screen.getByRole('navigation', { name: 'Audit pages' })).toBeTruthy();
  });

  it('filters on the server by action, who and the admin’s local days, from the address too, and goes back to page 1', async () => {
    const user = userEvent.setup();
    renderDashboard(<AuditTable />, '/dashboard/audit?action=flight.deleted&from=2031-01-02&to=2031-01-03&page=2');
    expect(await screen.findByText('12 changes')).toBeTruthy();
    const first = asked.at(-1);
    expect(first?.get('action')).toBe('flight.deleted');
    expect(first?.get('page')).toBe('2');
    expect(first?.get('from')).toBe(dayjs('2031-01-02').startOf('day').toISOString());
    expect(first?.get('to')).toBe(dayjs('2031-01-04').startOf('day').toISOString());

    await user.click(screen.getByRole('combobox', { name: 'Action' }));
    await user.click(await screen.findByRole('option', { name: 'Payment approved' }));
    expect(await screen.findByText('Payment approved')).toBeTruthy();
    expect(asked.at(-1)?.get('action')).toBe('payment.approved');
    expect(asked.at(-1)?.get('page')).toBe('1');

    await user.click(screen.getByRole('combobox', { name: 'Who' }));
    await user.click(await screen.findByRole('option', { name: 'System' }));
    await screen.findByText('12 changes');
    expect(asked.at(-1)?.get('actor')).toBe('system');
    await user.click(screen.getByRole('combobox', { name: 'Who' }));
    expect(screen.getByRole('option', { name: 'Deputy Admin' })).toBeTruthy();
  });
});
