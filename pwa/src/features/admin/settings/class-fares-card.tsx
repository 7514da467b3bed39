import { useState } from 'react';
import type { AdminSettings, SettingsBody } from '../../../../../sync/schemas/settings';
import { TextField } from '../../../components/ui/text-field';
import { SettingsCard } from './settings-card';
import { classFaresError, classFaresOf, PRICED_CLASSES, type ClassFaresInput } from './validate-settings';

type CardProps = { saved: AdminSettings; save: (patch: Partial<SettingsBody>) => Promise<boolean> };

/** What each class costs: a flight's price is the Economy fare, and a class pays it times its ratio. */
export function ClassFaresCard({ saved, save }: CardProps) {
  const [values, setValues] = useState<ClassFaresInput>({
    'Premium Economy': String(saved.classFares['Premium Economy']),
    Business: String(saved.classFares.Business),
    'First Class': String(saved.classFares['First Class']),
  });
  return (
    <SettingsCard title="Class fares" validate={() => classFaresError(values)} save={() => save({ classFares: classFaresOf(values) })}>
      <div className="form-grid">
        <TextField label="Economy (x flight price)" type="number" value="1" readOnly hint="The price set on each flight" />
        {PRICED_CLASSES.map((travelClass) => (
          <TextField
            key={travelClass}
            label={`${travelClass} (x Economy)`}
            type="number"
            min="1"
            max="10"
            step="0.1"
            value={values[travelClass]}
            onChange={(event) => setValues({ ...values, [travelClass]: event.target.value })}
          />
        ))}
      </div>
    </SettingsCard>
  );
}
