// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { readGuestSession, storeGuestSession } from './guest-session';

const guest = { token: 't0k', _id: 'g1', fullName: 'Ada Guest', email: 'ada@example.com' };

describe('guest session', () => {
  afterEach(() => localStorage.clear());

  it('reads back the stored guest, keeping only its fields', () => {
    storeGuestSession({ ...guest, extra: 'dropped' } as typeof guest);
    expect(readGuestSession()).toEqual(guest);
  });

  it('reads nothing from a value of another shape or broken JSON', () => {
    for (const raw of ['{"token":"t","_id":"g","fullName":"A"}', '{"token":1,"_id":"g","fullName":"A","email":"e"}', 'null', '"text"', '{not json']) {
      localStorage.setItem('supportGuest', raw);
      expect(readGuestSession()).toBeNull();
    }
  });
});
