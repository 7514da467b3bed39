import { passwordProblem } from '../../../../sync/password-rule';

export type LoginInput = { email: string; password: string };
export type SignupInput = { fullName: string; email: string; password: string; confirmPassword: string };
export type FieldErrors<T> = Partial<Record<keyof T, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Product rules §10.12 login texts. */
export function loginErrors({ email, password }: LoginInput): FieldErrors<LoginInput> {
  const errors: FieldErrors<LoginInput> = {};
  if (email.trim() === '') errors.email = 'Email is required';
  if (password === '') errors.password = 'Password is required';
  return errors;
}

/** Product rules §10.12 signup texts; the full name check uses the server's wording, the password the one rule (product rules §1.5). */
export function signupErrors({ fullName, email, password, confirmPassword }: SignupInput): FieldErrors<SignupInput> {
  const errors: FieldErrors<SignupInput> = {};
  if (fullName.trim() === '') errors.fullName = 'Full name is required';
  if (!EMAIL.test(email.trim())) errors.email = 'A valid email is required';
  const problem = passwordProblem(password);
  if (problem) errors.password = problem;
  if (confirmPassword !== password) errors.confirmPassword = 'Passwords do not match';
  return errors;
}

export function hasErrors<T>(errors: FieldErrors<T>): boolean {
  return Object.values(errors).some(Boolean);
}
