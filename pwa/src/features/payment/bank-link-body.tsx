import { Link } from 'react-router-dom';
import { copyText } from './copy-text';
import type { PaymentAnswer } from '../../../../sync/schemas/payment-answer';

/** Bank Transfer: the payment link to the transfer page, and a control to copy it. */
export function BankLinkBody({ answer }: { answer: PaymentAnswer }) {
  const url = new URL(answer.link, window.location.origin).toString();
  return (
    <div className="pay-body">
      <p>Your payment link is ready. It opens the bank details and the receipt upload; you can come back to it later.</p>
      <Link className="button" to={answer.link}>
        Make Payment
      </Link>
      <p className="pay-code">
        <code>{url}</code>
        <button type="button" className="button button-secondary" onClick={() => void copyText(url)}>
          Copy link
        </button>
      </p>
    </div>
  );
}
