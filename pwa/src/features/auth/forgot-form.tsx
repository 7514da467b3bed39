import { useState } from 'react';
import { Link } from 'react-router-dom';
import { TextField } from '../../components/ui/text-field';
import { api } from '../../lib/api';
import { useAuthForm } from './use-auth-form';
import { forgotErrors } from './reset-checks';

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function ForgotForm() {
  const [sent, setSent] = useState<string | null>(null);
  const form = useAuthForm({
    initial: { email: '' },
    validate: forgotErrors,
    submit: async ({ email }) => setSent((await api<{ message: string }>('/auths/forgot', { method: 'POST', body: { email: email.trim() } })).message),
  });
  if (sent) {
    return (
      <div className="auth-form">
        <p className="auth-lead" role="status">
          {sent}. Check your inbox; the link works for one hour.
        </p>
        <Link to="/login">Back to log in</Link>
      </div>
    );
  }
  return (
    <form ref={form.formRef} className="auth-form" noValidate onSubmit={(event) => void form.onSubmit(event)}>
      <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <button type="submit" className="button auth-submit" disabled={form.busy}>
        {form.busy ? 'Sending…' : 'Send reset link'}
      </button>
      <p className="auth-switch">
        Remembered it? <Link to="/login">Log in</Link>
      </p>
    </form>
  );
}
