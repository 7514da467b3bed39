import { useState } from 'react';
import type { AdminSettings, SettingsBody } from '../../../../../sync/schemas/settings';
import { TextField } from '../../../components/ui/text-field';
import { SettingsCard } from './settings-card';
import { cashAppError } from './validate-settings';

type CardProps = { saved: AdminSettings; save: (patch: Partial<SettingsBody>) => Promise<boolean> };

export function CashAppCard({ saved, save }: CardProps) {
  const [values, setValues] = useState(saved.cashApp);
  return (
    <SettingsCard title="Cash App Information" validate={() => cashAppError(values)} save={() => save({ cashApp: values })}>
      <div className="form-grid">
        <TextField label="Cash App name" value={values.name} onChange={(event) => setValues({ ...values, name: event.target.value })} />
        <TextField label="Cash App tag" value={values.tag} onChange={(event) => setValues({ ...values, tag: event.target.value })} />
      </div>
    </SettingsCard>
  );
}
