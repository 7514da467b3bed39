import { Link, useNavigate } from 'react-router-dom';
import { RESET_LINK_INVALID } from '../../../../sync/schemas/password-reset';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/use-toast';
import { api } from '../../lib/api';
import { useAuthForm } from './use-auth-form';
import { resetErrors } from './reset-checks';

/** Sets a new password with the mailed token, then sends the user to log in. */
export function ResetForm({ token }: { token: string | null }) {
  const navigate = useNavigate();
  const toast = useToast();
  const form = useAuthForm({
    initial: { password: '', confirmPassword: '' },
    validate: resetErrors,
    submit: async ({ password }) => {
      const answer = await api<{ message: string }>('/auths/reset', { method: 'POST', body: { token, password } });
      toast.success(answer.message);
      await navigate('/login');
    },
  });
  if (!token) {
    return (
      <p className="field-error" role="alert">
        {RESET_LINK_INVALID}. <Link to="/forgot-password">Ask for a new link</Link>
      </p>
    );
  }
  return (
    <form ref={form.formRef} className="auth-form" noValidate onSubmit={(event) => void form.onSubmit(event)}>
      <TextField label="New password" type="password" autoComplete="new-password" {...form.field('password')} />
      <TextField label="Confirm password" type="password" autoComplete="new-password" {...form.field('confirmPassword')} />
      <button type="submit" className="button auth-submit" disabled={form.busy}>
        {form.busy ? 'Saving…' : 'Set new password'}
      </button>
      <p className="auth-switch">
        Link expired? <Link to="/forgot-password">Ask for a new one</Link>
      </p>
    </form>
  );
}
