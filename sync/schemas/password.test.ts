import { describe, expect, it } from 'vitest';
import { passwordProblem, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT } from '../password-rule';
import { NewPasswordSchema } from './password';
import { ResetPasswordBodySchema } from './password-reset';
import { PasswordUpdateSchema, RegisterBodySchema } from './user';

const message = (result: { success: boolean; error?: { issues: { message: string }[] } }) => (result.success ? undefined : result.error?.issues[0]?.message);

describe('the one new-password rule', () => {
  it('refuses 7 characters and more than 200, takes 8 to 200', () => {
    expect(message(NewPasswordSchema.safeParse('Seven-7'))).toBe(PASSWORD_TOO_SHORT);
    expect(message(NewPasswordSchema.safeParse(undefined))).toBe(PASSWORD_TOO_SHORT);
    expect(message(NewPasswordSchema.safeParse('x'.repeat(201)))).toBe(PASSWORD_TOO_LONG);
    expect(NewPasswordSchema.safeParse('Eight-88').success).toBe(true);
    expect(NewPasswordSchema.safeParse('x'.repeat(200)).success).toBe(true);
    expect(PASSWORD_TOO_SHORT).toBe('Password must be at least 8 characters long');
  });

  it('is the rule of sign-up, of a reset link and of a password change, and of the forms that check it by hand', () => {
    const users = [
      (password: string) => RegisterBodySchema.shape.password.safeParse(password),
      (password: string) => ResetPasswordBodySchema.shape.password.safeParse(password),
      (password: string) => PasswordUpdateSchema.shape.newPassword.safeParse(password),
    ];
    for (const password of ['', 'Seven-7', 'Eight-88', 'x'.repeat(200), 'x'.repeat(201)]) {
      const expected = message(NewPasswordSchema.safeParse(password));
      for (const check of users) expect(message(check(password)), password).toBe(expected);
      expect(passwordProblem(password), password).toBe(expected);
    }
  });
});
