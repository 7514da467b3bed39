import { useState } from 'react';
import type { AdminSettings, SettingsBody } from '../../../../../sync/schemas/settings';
import { TextField } from '../../../components/ui/text-field';
import { SettingsCard } from './settings-card';
import { deviceDaysError } from './validate-settings';

type CardProps = { saved: AdminSettings; save: (patch: Partial<SettingsBody>) => Promise<boolean> };

/** How much history each admin's device keeps for offline work (sync/working-set.ts); the rest is searched online. */
export function DeviceHistoryCard({ saved, save }: CardProps) {
  const [days, setDays] = useState(String(saved.deviceHistoryDays));
  return (
    <SettingsCard title="Admin devices" validate={() => deviceDaysError(days)} save={() => save({ deviceHistoryDays: Number(days) })}>
      <div className="form-grid">
        <TextField
          label="Days of history on admin devices"
          type="number"
          min="1"
          max="90"
          step="1"
          value={days}
          hint="Bookings and payments of these days, and every payment awaiting review, stay on each admin's device for offline work; older ones are searched online"
          onChange={(event) => setDays(event.target.value)}
        />
      </div>
    </SettingsCard>
  );
}
