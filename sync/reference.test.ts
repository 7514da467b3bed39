import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isReference, makeReference } from './reference';

describe('booking references', () => {
  it('never uses the ambiguous characters 0, O, 1, I and L', () => {
    for (let i = 0; i < 2000; i++) {
      const ref = makeReference((n) => randomInt(n));
      expect(ref).toMatch(/^[A-HJKMNP-Z2-9]{6}$/);
      expect(isReference(ref)).toBe(true);
    }
  });

  it('rejects strings that are not references', () => {
    expect(isReference('ABC10O')).toBe(false);
    expect(isReference('ABCDE')).toBe(false);
  });
});
