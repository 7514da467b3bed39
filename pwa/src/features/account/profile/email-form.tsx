import { useQueryClient } from '@tanstack/react-query';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/use-toast';
import { api } from '../../../lib/api';
import { useForm } from '../../dashboard/use-form';
import { PROFILE_FAILED, PROFILE_SAVED } from './profile-texts';
import { emailErrors, type EmailInput } from './validate-profile';

export function EmailForm({ email }: { email: string }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const form = useForm<EmailInput>({
    initial: { email },
    validate: emailErrors,
    fallbackError: PROFILE_FAILED,
    submit: async (values) => {
      await api('/users/update', { method: 'PUT', body: { email: values.email.trim() } });
      await queryClient.invalidateQueries({ queryKey: ['me'] });
      toast.success(PROFILE_SAVED);
    },
  });

  return (
    <form ref={form.formRef} className="card" noValidate aria-labelledby="email-heading" onSubmit={(event) => void form.onSubmit(event)}>
      <h2 id="email-heading">Update email</h2>
      <TextField label="New email" type="email" autoComplete="email" {...form.field('email')} />
      <div className="form-actions">
        <button type="submit" className="button" disabled={form.busy}>
          {form.busy ? 'Saving…' : 'Update email'}
        </button>
      </div>
    </form>
  );
}
