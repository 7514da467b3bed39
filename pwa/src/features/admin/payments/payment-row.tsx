import type { SyncPayment } from '../../../../../sync/protocol';
import { ViewIcon } from '../../../components/ui/icons';
import { outboxNote, type QueuedReview } from '../../../local/outbox-rows';
import { PaymentCells } from '../../../components/table/payment-cells';
import type { Decision } from './review-dialog';
import { StatusMenu } from './status-menu';

const DECISIONS: Record<Decision, string> = { successful: 'Confirmed', failed: 'Failed' };

type PaymentRowProps = { payment: SyncPayment; queued: QueuedReview | undefined; onView: () => void; onDecide: (status: Decision) => void };

/** A payment; a decision waiting in the outbox shows as 'Sending…' until the server answers. */
export function PaymentRow({ payment, queued, onView, onDecide }: PaymentRowProps) {
  const sending = queued && queued.row.state !== 'rejected';
  const status = sending ? (
    <span className="status-badge status-pending" role="status">
      {`${DECISIONS[queued.status]}: ${outboxNote(queued.row)}`}
    </span>
  ) : undefined;
  return (
    <tr>
      <PaymentCells payment={payment} audience="admin" status={status} />
      <td>{payment.userId.fullName || payment.userId.email}</td>
      <td>
        <div className="row-actions">
          <button type="button" className="icon-button" aria-label={`View payment ${payment.transactionId}`} onClick={onView}>
            <ViewIcon />
          </button>
          {payment.status === 'pending' && !sending ? <StatusMenu transactionId={payment.transactionId} onPick={onDecide} /> : null}
        </div>
        {queued?.row.state === 'rejected' ? <p className="form-error">{outboxNote(queued.row)}</p> : null}
      </td>
    </tr>
  );
}
