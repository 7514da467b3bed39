import { describe, expect, it } from 'vitest';
import { answerError, ApiError, errorText, hasCode, NETWORK_ERROR, UNKNOWN_ERROR } from './api-error';

describe('error text of a failed call (product rules §10.11)', () => {
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

describe('the reason code of a failed call', () => {
  it('is the body code when the app knows it, else the generic code of the status, and network without an answer', () => {
    expect(answerError(409, { message: 'Anything at all', code: 'seat_unavailable' }).code).toBe('seat_unavailable');
    expect(answerError(409, { message: 'Seat A1 is no longer available' }).code).toBe('conflict');
    expect(answerError(403, { message: 'No', code: 'a_code_from_a_newer_server' }).code).toBe('forbidden');
    expect(answerError(502, '<html>Bad gateway</html>').code).toBe('internal');
    expect(new ApiError(0, NETWORK_ERROR).code).toBe('network');
    expect(hasCode(answerError(401, { message: 'Token expired', code: 'unauthorized' }), 'unauthorized', 'network')).toBe(true);
    expect(hasCode(new Error('unauthorized'), 'unauthorized')).toBe(false);
  });
});
