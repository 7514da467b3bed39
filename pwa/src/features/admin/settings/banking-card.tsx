import { useState } from 'react';
import type { AdminSettings, SettingsBody } from '../../../../../sync/schemas/settings';
import { TextField } from '../../../components/ui/text-field';
import { SettingsCard } from './settings-card';
import { bankingError, type BankingInput } from './validate-settings';

type CardProps = { saved: AdminSettings; save: (patch: Partial<SettingsBody>) => Promise<boolean> };

const FIELDS: { key: keyof BankingInput; label: string }[] = [
  { key: 'accountName', label: 'Account name' },
  { key: 'accountNumber', label: 'Account number' },
  { key: 'bankName', label: 'Bank name' },
  { key: 'routing', label: 'Routing number' },
  { key: 'address', label: 'Bank address' },
];

export function BankingCard({ saved, save }: CardProps) {
  const [values, setValues] = useState<BankingInput>(saved.bankingInfo);
  return (
    <SettingsCard title="Banking Information" validate={() => bankingError(values)} save={() => save({ bankingInfo: values })}>
      <div className="form-grid">
        {FIELDS.map(({ key, label }) => (
          <TextField key={key} label={label} value={values[key]} onChange={(event) => setValues({ ...values, [key]: event.target.value })} />
        ))}
      </div>
    </SettingsCard>
  );
}
