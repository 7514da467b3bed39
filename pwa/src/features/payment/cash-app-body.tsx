import { QRCodeSVG } from 'qrcode.react';
import { formatPrice } from '../../lib/format';
import { copyText, shortCode } from './copy-text';
import { PaidButton } from './paid-button';
import { PayCountdown, usePayCountdown } from './pay-countdown';
import type { PaymentAnswer } from '../../../../sync/schemas/payment-answer';

type CashAppBodyProps = { answer: PaymentAnswer & { instructions: { kind: 'cashApp' } } };

/** Cash App: a QR of the tag, the amount, the name, the tag to copy and the time left. */
export function CashAppBody({ answer }: CashAppBodyProps) {
  const { instructions } = answer;
  const countdown = usePayCountdown(instructions.deadlineAt);
  return (
    <div className="pay-body">
      <QRCodeSVG className="pay-qr" value={instructions.tag} size={176} role="img" aria-label="QR code of the Cash App tag" />
      <p className="pay-amount">
        Amount due <strong>{formatPrice(instructions.amountDue)}</strong>
      </p>
      <p className="pay-name">
        Name <strong>{instructions.name}</strong>
      </p>
      <p className="pay-code">
        Cash App tag <code title={instructions.tag}>{shortCode(instructions.tag)}</code>
        <button type="button" className="button button-secondary" onClick={() => void copyText(instructions.tag)}>
          Copy tag
        </button>
      </p>
      <PayCountdown countdown={countdown} />
      <PaidButton answer={answer} disabled={countdown.expired} />
    </div>
  );
}
