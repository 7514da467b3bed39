import { useId, useState, type FormEvent, type ReactNode } from 'react';

type SettingsCardProps = {
  title: string;
  /** Checks the card's fields: the spec's text, or null to save. */
  validate: () => string | null;
  save: () => Promise<unknown>;
  children: ReactNode;
};

/** One stacked card of the settings page with its own Update button and validation text. */
export function SettingsCard({ title, validate, save, children }: SettingsCardProps) {
  const headingId = useId();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setError(found);
    if (found) return;
    setBusy(true);
    try {
      await save();
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="card settings-card" noValidate aria-labelledby={headingId} onSubmit={(event) => void onSubmit(event)}>
      <h2 id={headingId}>{title}</h2>
      {children}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="form-actions">
        <button type="submit" className="button" disabled={busy}>
          {busy ? 'Updating…' : 'Update'}
        </button>
      </div>
    </form>
  );
}
