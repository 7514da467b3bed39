import { PASSWORD_HINT } from '../../../../../sync/password-rule';
import type { AuthResponse } from '../../../../../sync/schemas/user';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/use-toast';
import { api } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { useForm } from '../../../components/form/use-form';
import { PROFILE_FAILED, PROFILE_SAVED } from './profile-texts';
import { passwordErrors, type PasswordInput } from './validate-profile';

const EMPTY: PasswordInput = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** A password change revokes older tokens; the fresh one it answers is stored as authToken. */
export function PasswordForm() {
  const toast = useToast();
  const { applySession } = useAuth();
  const form = useForm<PasswordInput>({
    initial: EMPTY,
    validate: passwordErrors,
    fallbackError: PROFILE_FAILED,
    submit: async ({ currentPassword, newPassword }) => {
      const session = await api<AuthResponse>('/users/update', { method: 'PUT', body: { currentPassword, newPassword } });
      applySession(session);
      form.setValues(EMPTY);
      toast.success(PROFILE_SAVED);
    },
  });

  return (
    <form ref={form.formRef} className="card" noValidate aria-labelledby="password-heading" onSubmit={(event) => void form.onSubmit(event)}>
      <h2 id="password-heading">Update password</h2>
      <div className="form-grid">
        <TextField label="Current password" type="password" autoComplete="current-password" className="span-2" {...form.field('currentPassword')} />
        <TextField label="New password" type="password" autoComplete="new-password" hint={PASSWORD_HINT} {...form.field('newPassword')} />
        <TextField label="Confirm new password" type="password" autoComplete="new-password" {...form.field('confirmPassword')} />
      </div>
      <div className="form-actions">
        <button type="submit" className="button" disabled={form.busy}>
          {form.busy ? 'Saving…' : 'Update password'}
        </button>
      </div>
    </form>
  );
}
