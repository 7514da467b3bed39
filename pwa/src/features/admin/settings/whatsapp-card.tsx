import { useState } from 'react';
import type { AdminSettings, SettingsBody } from '../../../../../sync/schemas/settings';
import { TextField } from '../../../components/ui/text-field';
import { SettingsCard } from './settings-card';
import { whatsAppError } from './validate-settings';

type CardProps = { saved: AdminSettings; save: (patch: Partial<SettingsBody>) => Promise<boolean> };

export function WhatsAppCard({ saved, save }: CardProps) {
  const [link, setLink] = useState(saved.whatsApp);
  return (
    <SettingsCard title="WhatsApp Link" validate={() => whatsAppError(link)} save={() => save({ whatsApp: link.trim() })}>
      <TextField label="WhatsApp link" type="url" value={link} placeholder="https://wa.me/15550000000" onChange={(event) => setLink(event.target.value)} />
    </SettingsCard>
  );
}
