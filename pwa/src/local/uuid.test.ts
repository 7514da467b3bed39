import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { uuidv7 } from './uuid';

describe('uuidv7', () => {
  it('is a version 7 UUID the message schema accepts, ordered by its time', () => {
    const early = uuidv7(1_700_000_000_000);
    const late = uuidv7(1_700_000_000_001);
    expect(early).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(z.uuid().safeParse(early).success).toBe(true);
    expect(early < late).toBe(true);
    expect(early.slice(0, 13)).toBe('018bcfe5-6800');
    expect(uuidv7()).not.toBe(uuidv7());
  });
});
