import { describe, expect, it } from 'vitest';
import { hasErrors, loginErrors, signupErrors } from './validate-auth';

describe('login validation', () => {
  it('requires the email and the password', () => {
    expect(loginErrors({ email: ' ', password: '' })).toEqual({ email: 'Email is required', password: 'Password is required' });
    expect(hasErrors(loginErrors({ email: 'a@b.co', password: 'x' }))).toBe(false);
  });
});

describe('signup validation', () => {
  const valid = { fullName: 'Ada Obi', email: 'ada@example.com', password: 'long-enough', confirmPassword: 'long-enough' };

  it('accepts a complete form', () => {
    expect(signupErrors(valid)).toEqual({});
  });

  it('uses the spec texts', () => {
    expect(signupErrors({ ...valid, email: 'ada@example' }).email).toBe('A valid email is required');
    expect(signupErrors({ ...valid, email: '' }).email).toBe('A valid email is required');
    expect(signupErrors({ ...valid, password: 'short12', confirmPassword: 'short12' }).password).toBe('Password must be at least 8 characters long');
    expect(signupErrors({ ...valid, confirmPassword: 'long-enougH' }).confirmPassword).toBe('Passwords do not match');
    expect(signupErrors({ ...valid, fullName: '  ' }).fullName).toBe('Full name is required');
  });

  it('accepts exactly 8 characters', () => {
    expect(signupErrors({ ...valid, password: '12345678', confirmPassword: '12345678' })).toEqual({});
  });
});
