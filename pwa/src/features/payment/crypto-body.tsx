import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { cryptoAmount } from '../../../../sync/fare';
import { dollarsToCents } from '../../../../sync/money';
import { Dropdown } from '../../components/ui/dropdown';
import { copyText, shortCode } from './copy-text';
import { PaidButton } from './paid-button';
import { PayCountdown, usePayCountdown } from './pay-countdown';
import type { PaymentAnswer } from '../../../../sync/schemas/payment-answer';
import { usePublicSettings } from '../../lib/trip/use-public-settings';

type CryptoBodyProps = { answer: PaymentAnswer & { instructions: { kind: 'crypto' } } };

/** Cryptocurrency: the coin, a QR of its wallet address, the amount due at its rate, the time left. */
export function CryptoBody({ answer }: CryptoBodyProps) {
  const { instructions } = answer;
  const coins = usePublicSettings().settings?.cryptoInfo ?? [instructions];
  const [name, setName] = useState(instructions.name);
  const coin = coins.find((c) => c.name === name) ?? instructions;
  const due = cryptoAmount(dollarsToCents(answer.payment.amount), coin.rate);
  const countdown = usePayCountdown(instructions.deadlineAt);
  return (
    <div className="pay-body">
      <Dropdown
        label="Select Cryptocurrency"
        options={coins.map((c) => ({ value: c.name, label: `${c.name} (${c.network})` }))}
        value={coin.name}
        onChange={setName}
      />
      <QRCodeSVG className="pay-qr" value={coin.address} size={176} role="img" aria-label={`QR code of the ${coin.name} wallet address`} />
      <p className="pay-amount">
        Amount due <strong>{`${due} ${coin.name}`}</strong>
      </p>
      <p className="pay-code">
        Wallet address ({coin.network}) <code title={coin.address}>{shortCode(coin.address)}</code>
        <button type="button" className="button button-secondary" onClick={() => void copyText(coin.address)}>
          Copy address
        </button>
      </p>
      <PayCountdown countdown={countdown} />
      <PaidButton answer={answer} disabled={countdown.expired} />
    </div>
  );
}
