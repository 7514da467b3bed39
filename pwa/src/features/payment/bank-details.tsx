import type { BankingInfo } from '../../../../sync/schemas/payment-answer';
import { formatPrice } from '../../lib/format';
import { copyText } from './copy-text';

type BankDetailsProps = { bankingInfo: BankingInfo; amount: number };

/** The account to transfer to, with a copy button for the account number. */
export function BankDetails({ bankingInfo, amount }: BankDetailsProps) {
  const rows: [string, string][] = [
    ['Account name', bankingInfo.accountName],
    ['Routing', bankingInfo.routing || '—'],
    ['Address', bankingInfo.address || '—'],
    ['Bank name', bankingInfo.bankName],
  ];
  return (
    <dl className="bank-details" aria-label="Bank details">
      <div>
        <dt>Amount</dt>
        <dd>{formatPrice(amount)}</dd>
      </div>
      <div>
        <dt>Account number</dt>
        <dd>
          <span>{bankingInfo.accountNumber}</span>
          <button type="button" className="button button-secondary" onClick={() => void copyText(bankingInfo.accountNumber)}>
            Copy account number
          </button>
        </dd>
      </div>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
