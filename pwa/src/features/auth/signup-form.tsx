import { Link } from 'react-router-dom';
import { PASSWORD_HINT } from '../../../../sync/password-rule';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/use-toast';
import { useAuth } from '../../lib/auth';
import { withRedirect } from './redirect';
import { useAuthForm } from './use-auth-form';
import { signupErrors } from './validate-auth';

export function SignupForm({ target }: { target: string }) {
  const { signup } = useAuth();
  const toast = useToast();
  const form = useAuthForm({
    initial: { fullName: '', email: '', password: '', confirmPassword: '' },
    validate: signupErrors,
    submit: async ({ fullName, email, password }) => {
      const user = await signup({ fullName: fullName.trim(), email: email.trim(), password });
      toast.success(`Welcome to SkyWay, ${user.fullName}`);
    },
  });

  return (
    <form ref={form.formRef} className="auth-form" noValidate onSubmit={(event) => void form.onSubmit(event)}>
      <TextField label="Full name" autoComplete="name" {...form.field('fullName')} />
      <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <TextField label="Password" type="password" autoComplete="new-password" hint={PASSWORD_HINT} {...form.field('password')} />
      <TextField label="Confirm password" type="password" autoComplete="new-password" {...form.field('confirmPassword')} />
      <button type="submit" className="button auth-submit" disabled={form.busy}>
        {form.busy ? 'Creating account…' : 'Sign Up'}
      </button>
      <p className="auth-switch">
        Already have an account? <Link to={withRedirect('/login', target)}>Log in</Link>
      </p>
    </form>
  );
}
