import { describe, expect, it } from 'vitest';
import { errorText, UNKNOWN_ERROR } from './api-error';

describe('error text of a failed call (spec §8)', () => {
  it('joins the msg values of an errors array with a comma and a space', () => {
    const body = {
      message: 'Validation failed',
      errors: [
        { msg: 'A valid email is required', path: 'email' },
        { msg: 'Password must be at least 8 characters long', path: 'password' },
      ],
    };
    expect(errorText(body)).toBe('A valid email is required, Password must be at least 8 characters long');
  });

  it('falls back to the message when there is no usable errors array', () => {
    expect(errorText({ message: 'Invalid email or password' })).toBe('Invalid email or password');
    expect(errorText({ message: 'Seat A1 is no longer available', errors: [] })).toBe('Seat A1 is no longer available');
  });

  it('falls back to the unknown-error text otherwise', () => {
    expect(UNKNOWN_ERROR).toBe('Encounter an unknown error.');
    expect(errorText(undefined)).toBe(UNKNOWN_ERROR);
    expect(errorText('<html>Bad gateway</html>')).toBe(UNKNOWN_ERROR);
    expect(errorText({ message: '' })).toBe(UNKNOWN_ERROR);
    expect(errorText({ errors: [{ path: 'x' }] })).toBe(UNKNOWN_ERROR);
  });
});
