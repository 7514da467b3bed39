import { Link } from 'react-router-dom';
import { TextField } from '../../components/ui/text-field';
import { useToast } from '../../components/ui/use-toast';
import { useAuth } from '../../lib/auth';
import { withRedirect } from './redirect';
import { useAuthForm } from './use-auth-form';
import { loginErrors } from './validate-auth';

export function LoginForm({ target }: { target: string }) {
  const { login } = useAuth();
  const toast = useToast();
  const form = useAuthForm({
    initial: { email: '', password: '' },
    validate: loginErrors,
    submit: async ({ email, password }) => {
      const user = await login(email.trim(), password);
      toast.success(`Welcome back, ${user.fullName}`);
    },
  });

  return (
    <form ref={form.formRef} className="auth-form" noValidate onSubmit={(event) => void form.onSubmit(event)}>
      <TextField label="Email" type="email" autoComplete="email" {...form.field('email')} />
      <TextField label="Password" type="password" autoComplete="current-password" {...form.field('password')} />
      <p className="auth-forgot">
        <Link to="/forgot-password">Forgot password?</Link>
      </p>
      <button type="submit" className="button auth-submit" disabled={form.busy}>
        {form.busy ? 'Logging in…' : 'Log In'}
      </button>
      <p className="auth-switch">
        New to SkyWay? <Link to={withRedirect('/signup', target)}>Create an account</Link>
      </p>
    </form>
  );
}
