import { AuthLayout } from '../../features/auth/auth-layout';
import { ForgotForm } from '../../features/auth/forgot-form';

export function ForgotPasswordPage() {
  return (
    <AuthLayout title="Forgot password" lead="Enter the e-mail of your account and we will send you a link to choose a new password.">
      <ForgotForm />
    </AuthLayout>
  );
}
