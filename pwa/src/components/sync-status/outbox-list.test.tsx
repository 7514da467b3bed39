// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OutboxRow } from '../../../../sync/client/types';
import { settledOutbox } from '../../../../sync/client/tables';
import { OutboxList } from './outbox-list';

const rows = vi.hoisted(() => ({ current: [] as OutboxRow[] }));
vi.mock('../../local/hooks', () => ({ useOutbox: () => rows.current }));
afterEach(cleanup);

const queued = (mutationId: number, paymentId: string): OutboxRow => ({
  mutationId,
  name: 'reviewPayment',
  args: { paymentId, expectedStatus: 'pending', status: 'successful' },
  state: 'sending',
  attempts: 1,
  lastError: null,
  nextAttemptAt: 0,
  createdAt: 0,
});

describe('a refused queued change', () => {
  it('shows its state by the reason code, whatever the message says', () => {
    const message = 'The server refused this change';
    rows.current = settledOutbox([queued(1, 'p1'), queued(2, 'p2')], {
      confirmed: [],
      rejected: [
        { mutationId: 1, code: 'payment_already_decided', message },
        { mutationId: 2, code: 'forbidden', message },
      ],
    });
    render(<OutboxList />);
    const [decided, forbidden] = within(screen.getByRole('list', { name: 'Changes waiting to sync' })).getAllByRole('listitem');
    expect(decided?.textContent).toContain('Already changed elsewhere');
    expect(forbidden?.textContent).toContain('Rejected');
    expect(forbidden?.textContent).not.toContain('Already changed elsewhere');
    expect(within(decided as HTMLElement).getByRole('button', { name: 'Discard' })).toBeTruthy();
  });
});
