import { PAYMENT_METHODS } from '../../../../../sync/constants';
import type { PaymentQueueQuery } from '../../../../../sync/schemas/admin-lists';
import { METHOD_LABELS } from '../../../components/table/payment-cells';
import { Dropdown } from '../../../components/ui/dropdown';
import type { DropdownOption } from '../../../components/ui/dropdown-logic';
import { TextField } from '../../../components/ui/text-field';

type Filters = Omit<PaymentQueueQuery, 'page' | 'q'>;

const STATUS_OPTIONS: DropdownOption<Filters['status']>[] = [
  { value: 'any', label: 'Any status' },
  { value: 'awaiting', label: 'Awaiting review' },
  { value: 'unpaid', label: 'Not yet paid' },
  { value: 'successful', label: 'Confirmed' },
  { value: 'failed', label: 'Failed' },
];

const METHOD_OPTIONS: DropdownOption<Filters['method']>[] = [
  { value: 'any', label: 'Any method' },
  ...PAYMENT_METHODS.map((value) => ({ value, label: METHOD_LABELS[value] })),
];

type PaymentFilterBarProps = { filters: Filters; onChange: (changes: Partial<Filters>) => void };

/** Status (awaiting review apart from not yet paid), method, the payment's date range and 'Has receipt'. */
export function PaymentFilterBar({ filters, onChange }: PaymentFilterBarProps) {
  return (
    <fieldset className="table-filters">
      <legend className="visually-hidden">Filter payments</legend>
      <Dropdown label="Status" options={STATUS_OPTIONS} value={filters.status} onChange={(status) => onChange({ status })} />
      <Dropdown label="Method" options={METHOD_OPTIONS} value={filters.method} onChange={(method) => onChange({ method })} />
      <TextField
        label="Date from"
        type="date"
        value={filters.from}
        max={filters.to || undefined}
        onChange={(event) => onChange({ from: event.target.value })}
      />
      <TextField label="Date until" type="date" value={filters.to} min={filters.from || undefined} onChange={(event) => onChange({ to: event.target.value })} />
      <label className="table-filter-check">
        <input type="checkbox" checked={filters.receipt} onChange={(event) => onChange({ receipt: event.target.checked })} />
        Has receipt
      </label>
    </fieldset>
  );
}
