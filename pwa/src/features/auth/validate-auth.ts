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

/** Product rules §10.12 signup texts; the full name check uses the server's wording. */
export function signupErrors({ fullName, email, password, confirmPassword }: SignupInput): FieldErrors<SignupInput> {
  const errors: FieldErrors<SignupInput> = {};
  if (fullName.trim() === '') errors.fullName = 'Full name is required';
  if (!EMAIL.test(email.trim())) errors.email = 'A valid email is required';
  if (password.length < 8) errors.password = 'Password must be at least 8 characters long';
  if (confirmPassword !== password) errors.confirmPassword = 'Passwords do not match';
  return errors;
}

export function hasErrors<T>(errors: FieldErrors<T>): boolean {
  return Object.values(errors).some(Boolean);
}
