import { Dropdown } from '../../../components/ui/dropdown';
import type { Decision } from './review-dialog';

const OPTIONS = [
  { value: 'successful' as const, label: 'Confirmed' },
  { value: 'failed' as const, label: 'Failed' },
];

/** The status menu of a pending payment: Confirmed (successful) or Failed. */
export function StatusMenu({ transactionId, onPick }: { transactionId: string; onPick: (status: Decision) => void }) {
  return (
    <Dropdown<Decision>
      label={`Set status of ${transactionId}`}
      className="status-menu"
      placeholder="Set status"
      options={OPTIONS}
      value={null}
      onChange={onPick}
    />
  );
}
