import type { ReactNode } from 'react';
import type { PaymentMethod } from '../../../../sync/constants';
import type { SyncPayment } from '../../../../sync/protocol';
import { formatAdminDate, formatPrice } from '../../lib/format';
import type { CsvValue } from './csv';
import { paymentLabel, paymentTone } from '../ui/status';
import { StatusBadge } from '../ui/status-badge';

export const METHOD_LABELS: Record<PaymentMethod, string> = { bank_transfer: 'Bank Transfer', crypto: 'Cryptocurrency', cashApp: 'Cash App' };

/** Spec: Transaction ID, Booking ID, Amount, Currency, Method, Status, Date. */
export const PAYMENT_HEADER = ['Transaction ID', 'Booking ID', 'Amount', 'Currency', 'Method', 'Status', 'Date'] as const;

type Audience = 'traveller' | 'admin';

type PaymentCellsProps = {
  payment: SyncPayment;
  audience: Audience;
  /** Instead of the status badge (a decision on its way). */
  status?: ReactNode;
  /** A line under the method and under the status (the admin's queue: the receipt, the time waited). */
  notes?: { method?: ReactNode; status?: ReactNode };
};

/** The spec's payment columns as table cells; a failed payment shows its reason under the status. */
export function PaymentCells({ payment, audience, status, notes }: PaymentCellsProps) {
  return (
    <>
      <td>{payment.transactionId}</td>
      <td>{payment.bookingRef}</td>
      <td>{formatPrice(payment.amount)}</td>
      <td>{payment.currency}</td>
      <td>
        <div>{METHOD_LABELS[payment.paymentMethod]}</div>
        {notes?.method ? <div className="muted">{notes.method}</div> : null}
      </td>
      <td>
        <div>{status ?? <StatusBadge label={paymentLabel(payment.status, audience)} tone={paymentTone(payment.status)} />}</div>
        {payment.status === 'failed' && payment.reason ? <div className="muted">{payment.reason}</div> : null}
        {notes?.status ? <div className="muted">{notes.status}</div> : null}
      </td>
      <td>{formatAdminDate(payment.createdAt)}</td>
    </>
  );
}

/** The same columns for a CSV export. */
export function paymentCsvRow(payment: SyncPayment, audience: Audience): CsvValue[] {
  return [
    payment.transactionId,
    payment.bookingRef,
    payment.amount,
    payment.currency,
    METHOD_LABELS[payment.paymentMethod],
    paymentLabel(payment.status, audience),
    formatAdminDate(payment.createdAt),
  ];
}

export function matchesTransaction(payment: SyncPayment, term: string): boolean {
  return payment.transactionId.toLowerCase().includes(term);
}
