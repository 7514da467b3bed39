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

/** The spec's payment columns as table cells; a failed payment shows its reason under the status. */
export function PaymentCells({ payment, audience, status }: { payment: SyncPayment; audience: Audience; status?: ReactNode }) {
  return (
    <>
      <td>{payment.transactionId}</td>
      <td>{payment.bookingRef}</td>
      <td>{formatPrice(payment.amount)}</td>
      <td>{payment.currency}</td>
      <td>{METHOD_LABELS[payment.paymentMethod]}</td>
      <td className="wrap">
        {status ?? <StatusBadge label={paymentLabel(payment.status, audience)} tone={paymentTone(payment.status)} />}
        {payment.status === 'failed' && payment.reason ? <div className="muted">{payment.reason}</div> : null}
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
