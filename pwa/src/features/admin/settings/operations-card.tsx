import { useState } from 'react';
import type { AdminSettings, SettingsBody } from '../../../../../sync/schemas/settings';
import { TextField } from '../../../components/ui/text-field';
import { SettingsCard } from './settings-card';
import { operationsError, type OperationsInput } from './validate-settings';

type CardProps = { saved: AdminSettings; save: (patch: Partial<SettingsBody>) => Promise<boolean> };

/** Payment deadline, cancellation penalty and the SMTP server (write-only: empty keeps the saved one). */
export function OperationsCard({ saved, save }: CardProps) {
  const [values, setValues] = useState<OperationsInput>({
    paymentDeadlineHours: String(saved.paymentDeadlineHours),
    cancellationPenaltyPercent: String(saved.cancellationPenaltyPercent),
    smtpUrl: '',
  });
  const set = (key: keyof OperationsInput) => (event: { target: { value: string } }) => setValues({ ...values, [key]: event.target.value });
  const submit = async (smtpUrl: string | undefined) => {
    const ok = await save({
      paymentDeadlineHours: Number(values.paymentDeadlineHours),
      cancellationPenaltyPercent: Number(values.cancellationPenaltyPercent),
      ...(smtpUrl === undefined ? {} : { smtpUrl }),
    });
    if (ok) setValues((current) => ({ ...current, smtpUrl: '' }));
  };
  return (
    <SettingsCard title="Payments and mail server" validate={() => operationsError(values)} save={() => submit(values.smtpUrl.trim() || undefined)}>
      <div className="form-grid">
        <TextField
          label="Payment deadline (hours)"
          type="number"
          min="1"
          max="168"
          step="1"
          value={values.paymentDeadlineHours}
          onChange={set('paymentDeadlineHours')}
        />
        <TextField
          label="Cancellation penalty (%)"
          type="number"
          min="0"
          max="100"
          step="any"
          value={values.cancellationPenaltyPercent}
          onChange={set('cancellationPenaltyPercent')}
        />
        <TextField
          label="SMTP server URL"
          className="span-2"
          type="password"
          autoComplete="off"
          value={values.smtpUrl}
          placeholder={saved.smtp.configured ? `•••••• (saved: ${saved.smtp.host})` : 'smtps://user:password@mail.example.com:465'}
          hint={saved.smtp.configured ? 'Leave empty to keep the saved server' : 'Without one, mail is kept in the mail outbox'}
          onChange={set('smtpUrl')}
        />
      </div>
      {saved.smtp.configured ? (
        <button type="button" className="button button-secondary button-small" onClick={() => void submit('')}>
          Stop using the SMTP server
        </button>
      ) : null}
    </SettingsCard>
  );
}
