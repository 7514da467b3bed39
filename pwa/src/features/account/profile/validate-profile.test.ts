import { describe, expect, it } from 'vitest';
import { emailErrors, passwordErrors, personalErrors } from './validate-profile';

const person = { fullName: 'Ada Okafor', email: 'ada@example.com', phone: '', nationality: '', dob: '', gender: '', address: '' };

describe('profile validation texts', () => {
  it('needs a name and an email', () => {
    expect(personalErrors(person)).toEqual({});
    expect(personalErrors({ ...person, fullName: '  ' })).toEqual({ fullName: 'Name and email are required.' });
    expect(personalErrors({ ...person, email: '' })).toEqual({ email: 'Name and email are required.' });
  });

  it('needs an email and the current password to update it', () => {
    expect(emailErrors({ email: '', currentPassword: 'old-secret' })).toEqual({ email: 'Email are required.' });
    expect(emailErrors({ email: 'new@example.com', currentPassword: '' })).toEqual({ currentPassword: 'Current password is required' });
    expect(emailErrors({ email: 'new@example.com', currentPassword: 'old-secret' })).toEqual({});
  });

  it('checks the new password, its confirmation and the current password', () => {
    expect(passwordErrors({ currentPassword: '', newPassword: 'abc', confirmPassword: 'abd' })).toEqual({
      currentPassword: 'Current password is required',
      newPassword: 'Password must be at least 8 characters long',
      confirmPassword: 'Password do not match',
    });
    expect(passwordErrors({ currentPassword: 'old-secret', newPassword: 'abcdefg', confirmPassword: 'abcdefg' }).newPassword).toBe(
      'Password must be at least 8 characters long',
    );
    expect(passwordErrors({ currentPassword: 'old-secret', newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' })).toEqual({});
  });
});
