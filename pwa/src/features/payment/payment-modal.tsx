import type { UseMutationResult } from '@tanstack/react-query';
import { Modal } from '../../components/ui/modal';
import { Spinner } from '../../components/ui/spinner';
import { BankLinkBody } from './bank-link-body';
import { CardBody } from './card-body';
import { CashAppBody } from './cash-app-body';
import { CryptoBody } from './crypto-body';
import type { PaymentAnswer } from '../../../../sync/schemas/payment-answer';
import type { MethodInfo } from './payment-methods';

type Placing = Pick<UseMutationResult<PaymentAnswer, Error, unknown>, 'data' | 'isPending'>;

function Body({ info, placing }: { info: MethodInfo; placing: Placing }) {
  if (info.key === 'mobile') {
    return (
      <p className="notice notice-error" role="alert">
        Mobile Transfer is currently not available. Try other payment method.
      </p>
    );
  }
  if (info.key === 'card') return <CardBody />;
  const answer = placing.data;
  if (placing.isPending || !answer) {
    const text = info.key === 'bank' ? 'Generating payment link' : 'Preparing your payment';
    return (
      <div className="pay-wait">
        <Spinner size="small" label={text} />
        <span aria-hidden="true">{text}</span>
      </div>
    );
  }
  const { instructions } = answer;
  if (instructions.kind === 'crypto') return <CryptoBody answer={{ ...answer, instructions }} />;
  if (instructions.kind === 'cashApp') return <CashAppBody answer={{ ...answer, instructions }} />;
  return <BankLinkBody answer={answer} />;
}

type PaymentModalProps = { info: MethodInfo | null; placing: Placing; onClose: () => void };

/** The modal a method's 'Proceed To Payment' opens. */
export function PaymentModal({ info, placing, onClose }: PaymentModalProps) {
  return (
    <Modal open={info !== null} title={info?.name ?? ''} onClose={onClose}>
      {info && <Body info={info} placing={placing} />}
    </Modal>
  );
}
