import { useQueryClient } from '@tanstack/react-query';
import type { AuthResponse } from '../../../../../sync/schemas/user';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/use-toast';
import { api } from '../../../lib/api';
import { useAuth } from '../../../lib/auth';
import { useSyncState } from '../../../local/sync-status';
import { useForm } from '../../../components/form/use-form';
import { EMAIL_NEEDS_CONNECTION, PROFILE_FAILED, PROFILE_SAVED } from './profile-texts';
import { emailErrors, type EmailInput } from './validate-profile';

/**
 * NOTE: an online call, never the outbox: it carries the current password, which must not wait in the
 * device's storage. The change signs the account out elsewhere; the fresh token it answers is kept.
 */
export function EmailForm({ email }: { email: string }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const { applySession } = useAuth();
  const { online } = useSyncState();
  const form = useForm<EmailInput>({
    initial: { email, currentPassword: '' },
    validate: emailErrors,
    fallbackError: PROFILE_FAILED,
    submit: async (values) => {
      const session = await api<AuthResponse>('/users/update', {
        method: 'PUT',
        body: { email: values.email.trim(), currentPassword: values.currentPassword },
      });
      applySession(session);
      form.set('currentPassword', '');
      await queryClient.invalidateQueries({ queryKey: ['me'] });
      toast.success(PROFILE_SAVED);
    },
  });

  return (
    <form ref={form.formRef} className="card" noValidate aria-labelledby="email-heading" onSubmit={(event) => void form.onSubmit(event)}>
      <h2 id="email-heading">Update email</h2>
      <div className="form-grid">
        <TextField label="New email" type="email" autoComplete="email" hint={online ? undefined : EMAIL_NEEDS_CONNECTION} {...form.field('email')} />
        <TextField label="Current password" type="password" autoComplete="current-password" {...form.field('currentPassword')} />
      </div>
      <div className="form-actions">
        <button type="submit" className="button" disabled={form.busy || !online}>
          {form.busy ? 'Saving…' : 'Update email'}
        </button>
      </div>
    </form>
  );
}
