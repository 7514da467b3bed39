// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SyncPayment } from '../../../../../sync/protocol';
import { renderDashboard } from '../../../components/test-kit';
import { MyPaymentsTable } from './my-payments-table';

const state = vi.hoisted(() => ({ payments: [] as SyncPayment[] }));
vi.mock('../../../local/hooks', () => ({ useMyPayments: () => state.payments, useUploads: () => [] }));

const payment = (i: number, owner: string, status: SyncPayment['status'], reason: string | null = null): SyncPayment => ({
  _id: `p${i}`,
  transactionId: `TXA${i}`,
  bookingId: `b${i}`,
  bookingRef: `REF${i}`,
  linkHash: null,
  userId: { _id: owner, fullName: 'Ada', email: 'ada@example.com' },
  amount: 1234.5,
  currency: 'USD',
  paymentMethod: 'crypto',
  status,
  reason,
  awaitingReviewAt: null,
  reviewDeadlineAt: null,
  deadlineAt: '2031-01-02T00:00:00.000Z',
  image: null,
  createdAt: '2031-01-01T08:15:00.000Z',
  updatedAt: '2031-01-01T08:15:00.000Z',
});

afterEach(cleanup);

describe('my payments', () => {
  it('lists only the user payments with the spec columns, a traveller wording and the failure reason', () => {
    state.payments = [payment(1, 'me', 'successful'), payment(2, 'me', 'failed', 'Receipt unreadable'), payment(3, 'other', 'pending')];
    renderDashboard(<MyPaymentsTable userId="me" />);
    const table = screen.getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Transaction ID', 'Booking ID', 'Amount', 'Currency', 'Method', 'Status', 'Date']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(
      within(rows[0] ?? document.body)
        .getAllByRole('cell')
        .map((c) => c.textContent)
        .slice(0, 6),
    ).toEqual(['TXA1', 'REF1', '$1,234.50', 'USD', 'Cryptocurrency', 'completed']);
    expect(within(rows[1] ?? document.body).getByText('Receipt unreadable')).toBeTruthy();
    expect(screen.queryByText('TXA3')).toBeNull();
  });

  it('searches by transaction ID, pages by 5 and says when there is nothing', async () => {
    const user = userEvent.setup();
    state.payments = Array.from({ length: 11 }, (_, i) => payment(i + 1, 'me', 'pending'));
    renderDashboard(<MyPaymentsTable userId="me" />);
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(6);
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(2);
    await user.type(screen.getByLabelText('Search by transaction ID'), 'txa1');
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(4);
    await user.type(screen.getByLabelText('Search by transaction ID'), 'x');
    expect(screen.getByText('No payments available')).toBeTruthy();
  });
});
