// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OutboxRow } from '../../../../../sync/client/types';
import type { MutationArgs, SyncPayment } from '../../../../../sync/protocol';
import { renderDashboard, stubDialogs } from '../../../components/test-kit';
import { AllPaymentsTable } from './all-payments-table';
import { fakeRunner } from '../../../local/fake-runner';

const state = vi.hoisted(() => ({ payments: [] as SyncPayment[], outbox: [] as OutboxRow[] }));

vi.mock('../../../local/hooks', () => ({
  useMyPayments: () => state.payments,
  useOutbox: () => state.outbox,
  useBooking: () => undefined,
  useSyncedSettings: () => undefined,
}));
vi.mock('./use-review-feedback', () => ({ useReviewFeedback: () => undefined }));

function payment(i: number, patch: Partial<SyncPayment> = {}): SyncPayment {
  return {
    _id: `p${i}`,
    transactionId: `TX${String(i).padStart(4, '0')}`,
    bookingId: `b${i}`,
    bookingRef: `REF${i}`,
    linkHash: null,
    userId: { _id: `u${i}`, fullName: i === 2 ? '' : `Payer ${i}`, email: `payer${i}@example.com` },
    amount: 100 + i,
    currency: 'USD',
    paymentMethod: 'bank_transfer',
    status: 'pending',
    reason: null,
    awaitingReviewAt: null,
    reviewDeadlineAt: null,
    deadlineAt: '2031-01-02T00:00:00.000Z',
    image: null,
    createdAt: '2031-01-01T00:00:00.000Z',
    updatedAt: '2031-01-01T00:00:00.000Z',
    ...patch,
  };
}

const outboxRow = (mutationId: number, args: MutationArgs<'reviewPayment'>, state: OutboxRow['state'], lastError: string | null = null): OutboxRow => ({
  mutationId,
  name: 'reviewPayment',
  args,
  state,
  attempts: 0,
  lastError,
  nextAttemptAt: 0,
  createdAt: 0,
});

beforeAll(stubDialogs);
beforeEach(() => {
  state.payments = Array.from({ length: 7 }, (_, i) => payment(i + 1));
  state.outbox = [];
});
afterEach(cleanup);

const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);

describe('admin all payments', () => {
  it('pages by 5, searches by transaction ID, and shows the payer by name and e-mail', async () => {
    const user = userEvent.setup();
    renderDashboard(<AllPaymentsTable />);
    expect(bodyRows()).toHaveLength(5);
    expect(screen.getByText('payer2@example.com')).toBeTruthy();
    expect(screen.getByText('Payer 1')).toBeTruthy();
    expect(screen.getByText('payer1@example.com')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(bodyRows()).toHaveLength(2);
    await user.type(screen.getByLabelText('Search by transaction ID, booking reference, e-mail or name'), 'tx0007');
    expect(bodyRows()).toHaveLength(1);
    expect(screen.getByText('REF7')).toBeTruthy();
    await user.clear(screen.getByLabelText('Search by transaction ID, booking reference, e-mail or name'));
    await user.type(screen.getByLabelText('Search by transaction ID, booking reference, e-mail or name'), 'nothing');
    expect(screen.getByText('No payments available')).toBeTruthy();
    const search = screen.getByLabelText<HTMLInputElement>('Search by transaction ID, booking reference, e-mail or name');
    await user.clear(search);
    await user.type(search, 'payer 6');
    expect(search.value).toBe('payer 6');
    expect(bodyRows()).toHaveLength(1);
  });

  it('opens on the filters of its address, awaiting review first with the time waited; the filters narrow it', async () => {
    const user = userEvent.setup();
    const waitingSince = new Date(Date.now() - 75 * 60_000).toISOString();
    state.payments = [
      payment(1, { paymentMethod: 'crypto', awaitingReviewAt: waitingSince }),
      payment(2, { awaitingReviewAt: new Date(Date.now() - 3 * 3_600_000).toISOString(), image: '/api/images/r2' }),
      payment(3),
      payment(4, { status: 'successful', image: '/api/images/r4' }),
    ];
    renderDashboard(<AllPaymentsTable />, '/dashboard/all-payments?status=awaiting');
    expect(screen.getByRole('combobox', { name: 'Status' }).textContent).toContain('Awaiting review');
    expect(bodyRows().map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['TX0002', 'TX0001']);
    expect(within(bodyRows()[0] ?? document.body).getByText('Waiting 3 h')).toBeTruthy();
    expect(within(bodyRows()[0] ?? document.body).getByText('Receipt attached')).toBeTruthy();
    expect(within(bodyRows()[1] ?? document.body).getByText('Waiting 1 h 15 min')).toBeTruthy();

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(screen.getByRole('option', { name: 'Any status' }));
    expect(bodyRows()).toHaveLength(4);
    expect(within(bodyRows()[2] ?? document.body).getByText('Not yet paid')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Has receipt' }));
    expect(bodyRows().map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['TX0002', 'TX0004']);
    await user.click(screen.getByRole('combobox', { name: 'Method' }));
    await user.click(screen.getByRole('option', { name: 'Cryptocurrency' }));
    expect(screen.getByText('No payments available')).toBeTruthy();
  });

  it('Failed needs a reason; the decision is queued with the status the admin saw', async () => {
    const user = userEvent.setup();
    const runner = fakeRunner();
    renderDashboard(<AllPaymentsTable />, '/dashboard', runner);
    await user.click(screen.getByRole('combobox', { name: 'Set status of TX0001' }));
    await user.click(screen.getByRole('option', { name: 'Failed' }));
    const dialog = screen.getByRole('dialog', { name: 'Mark payment Failed' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark Failed' }));
    expect(within(dialog).getByText('A reason is required when a payment fails')).toBeTruthy();
    expect(runner.queued).toEqual([]);
    await user.type(within(dialog).getByLabelText('Reason'), 'Receipt is unreadable');
    await user.click(within(dialog).getByRole('button', { name: 'Mark Failed' }));
    expect(runner.queued).toEqual([
      { name: 'reviewPayment', args: { paymentId: 'p1', expectedStatus: 'pending', status: 'failed', reason: 'Receipt is unreadable' } },
    ]);

    await user.click(screen.getByRole('combobox', { name: 'Set status of TX0002' }));
    await user.click(screen.getByRole('option', { name: 'Confirmed' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Mark payment Confirmed' })).getByRole('button', { name: 'Mark Confirmed' }));
    expect(runner.queued[1]).toEqual({ name: 'reviewPayment', args: { paymentId: 'p2', expectedStatus: 'pending', status: 'successful' } });
  });

  it('shows a queued decision as Sending… without the menu, and a refused one with the reason', () => {
    state.payments = [payment(1), payment(2), payment(3, { status: 'successful' })];
    state.outbox = [
      outboxRow(1, { paymentId: 'p1', expectedStatus: 'pending', status: 'successful' }, 'sending'),
      outboxRow(
        2,
        { paymentId: 'p2', expectedStatus: 'pending', status: 'failed', reason: 'Blurry' },
        'rejected',
        'Payment was already marked successful by SkyWay Admin',
      ),
    ];
    renderDashboard(<AllPaymentsTable />);
    const [first, second, third] = bodyRows();
    expect(within(first ?? document.body).getByText('Confirmed: Sending…')).toBeTruthy();
    expect(within(first ?? document.body).queryByRole('combobox')).toBeNull();
    expect(within(second ?? document.body).getByText('Not done: Payment was already marked successful by SkyWay Admin')).toBeTruthy();
    expect(within(second ?? document.body).getByRole('combobox', { name: 'Set status of TX0002' })).toBeTruthy();
    expect(within(third ?? document.body).getByText('Confirmed')).toBeTruthy();
    expect(within(third ?? document.body).queryByRole('combobox')).toBeNull();
  });
});
