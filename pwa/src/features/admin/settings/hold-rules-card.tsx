import { useState } from 'react';
import type { AdminSettings, SettingsBody } from '../../../../../sync/schemas/settings';
import { TextField } from '../../../components/ui/text-field';
import { SettingsCard } from './settings-card';
import { holdRulesError, type HoldRulesInput } from './validate-settings';

type CardProps = { saved: AdminSettings; save: (patch: Partial<SettingsBody>) => Promise<boolean> };

/** How long a claimed payment may wait for review, and how much one account may hold unpaid at once. */
export function HoldRulesCard({ saved, save }: CardProps) {
  const [values, setValues] = useState<HoldRulesInput>({
    reviewDeadlineHours: String(saved.reviewDeadlineHours),
    maxUnpaidBookings: String(saved.maxUnpaidBookings),
    maxUnpaidSeats: String(saved.maxUnpaidSeats),
  });
  const set = (key: keyof HoldRulesInput) => (event: { target: { value: string } }) => setValues({ ...values, [key]: event.target.value });
  const submit = () =>
    save({
      reviewDeadlineHours: Number(values.reviewDeadlineHours),
      maxUnpaidBookings: Number(values.maxUnpaidBookings),
      maxUnpaidSeats: Number(values.maxUnpaidSeats),
    });
  return (
    <SettingsCard title="Seat holds" validate={() => holdRulesError(values)} save={submit}>
      <div className="form-grid">
        <TextField
          label="Review deadline (hours)"
          type="number"
          min="1"
          max="168"
          step="1"
          value={values.reviewDeadlineHours}
          hint="After a receipt or 'I have made payment', seats stay held this long for your review"
          onChange={set('reviewDeadlineHours')}
        />
        <TextField
          label="Unpaid bookings per account"
          type="number"
          min="1"
          max="100"
          step="1"
          value={values.maxUnpaidBookings}
          onChange={set('maxUnpaidBookings')}
        />
        <TextField
          label="Unpaid seats per account"
          type="number"
          min="1"
          max="240"
          step="1"
          value={values.maxUnpaidSeats}
          hint="Every leg of a round trip counts"
          onChange={set('maxUnpaidSeats')}
        />
      </div>
    </SettingsCard>
  );
}
