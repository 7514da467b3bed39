import { useState, type FormEvent } from 'react';
import { GuestLoginBodySchema } from '../../../../sync/schemas/chat';
import { TextField } from '../../components/ui/text-field';
import { storeGuestSession } from '../../local/guest-session';
import { messageOf } from '../../lib/api-error';
import { loginGuest } from './guest-api';

/** Product rules §10.12: both fields are required, with these texts, and Continue stays disabled until both are filled. */
export function GuestForm({ onDone }: { onDone: () => void }) {
  const [fullName, setFullName] = useState('');
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState({ fullName: false, email: false });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const filled = fullName.trim() !== '' && email.trim() !== '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body = GuestLoginBodySchema.safeParse({ fullName, email });
    if (!body.success) {
      setError(body.error.issues[0]?.message ?? 'An error occurred.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      storeGuestSession(await loginGuest(body.data));
      onDone();
    } catch (failure) {
      setError(`Update failed: ${messageOf(failure)}`);
      setBusy(false);
    }
  };

  return (
    <form className="support-form" onSubmit={(event) => void submit(event)} noValidate>
      <p>Tell us who you are and we will get back to you here.</p>
      <TextField
        label="Full name"
        name="fullName"
        autoComplete="name"
        value={fullName}
        onChange={(event) => setFullName(event.target.value)}
        onBlur={() => setTouched((t) => ({ ...t, fullName: true }))}
        error={touched.fullName && !fullName.trim() ? 'Please enter your full name' : undefined}
      />
      <TextField
        label="Email"
        name="email"
        type="email"
        autoComplete="email"
        hint="We answer here. To get our replies by e-mail too, open the link we send to this address."
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        onBlur={() => setTouched((t) => ({ ...t, email: true }))}
        error={touched.email && !email.trim() ? 'Please enter your email' : undefined}
      />
      {error && (
        <p className="support-error" role="alert">
          {error}
        </p>
      )}
      <button type="submit" className="button" disabled={!filled || busy}>
        Continue
      </button>
    </form>
  );
}
