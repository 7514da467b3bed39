import type { SyncPayment } from '../../../../../sync/protocol';
import { ViewIcon } from '../../../components/ui/icons';
import { useOutboxNote, type QueuedReview } from '../../../local/outbox-rows';
import { PaymentCells } from '../../../components/table/payment-cells';
import { queueStatus, waitedFor } from './payment-queue';
import type { Decision } from './review-dialog';
import { StatusMenu } from './status-menu';

const DECISIONS: Record<Decision, string> = { successful: 'Confirmed', failed: 'Failed' };

type PaymentRowProps = { payment: SyncPayment; queued: QueuedReview | undefined; now: number; onView: () => void; onDecide: (status: Decision) => void };

/** Where a pending payment stands: how long it has waited for a decision, or not paid yet. */
function waiting(payment: SyncPayment, now: number): string | undefined {
  const stage = queueStatus(payment);
  if (stage === 'unpaid') return 'Not yet paid';
  return stage === 'awaiting' && payment.awaitingReviewAt ? `Waiting ${waitedFor(payment.awaitingReviewAt, now)}` : undefined;
}

/**
 * A payment of the review queue; a decision waiting in the outbox shows as 'Sending…' until the server
 * answers, and one the server refused (another admin decided first) shows why, beside the status it has now.
 */
export function PaymentRow({ payment, queued, now, onView, onDecide }: PaymentRowProps) {
  const outboxNote = useOutboxNote();
  const sending = queued && queued.row.state !== 'rejected';
  const status = sending ? (
    <span className="status-badge status-pending status-badge--sentence" role="status">
      {`${DECISIONS[queued.status]}: ${outboxNote(queued.row)}`}
    </span>
  ) : undefined;
  const payer = payment.userId;
  return (
    <tr>
      <PaymentCells
        payment={payment}
        audience="admin"
        status={status}
        notes={{ method: payment.image ? 'Receipt attached' : undefined, status: waiting(payment, now) }}
      />
      <td>
        <div className="email">{payer.fullName || payer.email}</div>
        {payer.fullName ? <div className="muted email">{payer.email}</div> : null}
      </td>
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
