import { useState } from 'react';
import type { AdminSettings, SettingsBody } from '../../../../../sync/schemas/settings';
import { TextField } from '../../../components/ui/text-field';
import { SettingsCard } from './settings-card';
import { mailError } from './validate-settings';

type CardProps = { saved: AdminSettings; save: (patch: Partial<SettingsBody>) => Promise<boolean> };

/** The sender address and its password. The password is write-only: empty keeps the saved one. */
export function MailCard({ saved, save }: CardProps) {
  const [name, setName] = useState(saved.mail.name);
  const [password, setPassword] = useState('');
  const submit = async () => {
    if (await save({ mail: { name: name.trim(), ...(password ? { password } : {}) } })) setPassword('');
  };
  return (
    <SettingsCard title="Email Notification" validate={() => mailError(name, password, saved.mail.hasPassword)} save={submit}>
      <div className="form-grid">
        <TextField label="Sender email" type="email" autoComplete="off" value={name} onChange={(event) => setName(event.target.value)} />
        <TextField
          label="Email password"
          type="password"
          autoComplete="new-password"
          value={password}
          placeholder={saved.mail.hasPassword ? '•••••• (saved)' : ''}
          hint={saved.mail.hasPassword ? 'Leave empty to keep the saved password' : undefined}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
    </SettingsCard>
  );
}
