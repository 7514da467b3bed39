import type { SyncPayment } from '../../../../../sync/protocol';
import { formatAdminDate, formatPrice } from '../../../lib/format';
import { METHOD_LABELS } from '../../../components/table/payment-cells';
import { PrivateImage } from '../../../components/ui/private-image';
import { paymentLabel } from '../../../components/ui/status';

/** The payment an admin is looking at: who paid what, how, and the receipt. */
export function PaymentFacts({ payment }: { payment: SyncPayment }) {
  return (
    <>
      <h3>Payment</h3>
      <dl className="detail-list">
        <dt>Transaction ID</dt>
        <dd>{payment.transactionId}</dd>
        <dt>User</dt>
        <dd>{`${payment.userId.fullName} (${payment.userId.email})`}</dd>
        <dt>Amount</dt>
        <dd>{`${formatPrice(payment.amount)} ${payment.currency}`}</dd>
        <dt>Method</dt>
        <dd>{METHOD_LABELS[payment.paymentMethod]}</dd>
        <dt>Status</dt>
        <dd>{paymentLabel(payment.status, 'admin')}</dd>
        {payment.reason ? (
          <>
            <dt>Reason</dt>
            <dd>{payment.reason}</dd>
          </>
        ) : null}
        <dt>Awaiting review since</dt>
        <dd>{payment.awaitingReviewAt ? formatAdminDate(payment.awaitingReviewAt) : 'Not yet paid'}</dd>
        <dt>Deadline</dt>
        <dd>{formatAdminDate(payment.deadlineAt)}</dd>
      </dl>
      {payment.image ? (
        <>
          <h3>Payment receipt</h3>
          <PrivateImage url={payment.image} alt="Payment receipt" className="receipt-image" />
        </>
      ) : (
        <p className="muted">No receipt uploaded.</p>
      )}
    </>
  );
}
