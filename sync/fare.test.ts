import { describe, expect, it } from 'vitest';
import { computeFare, cryptoAmount, refundCents } from './fare';

describe('fare maths', () => {
  it('charges every traveller on every leg', () => {
    expect(computeFare([{ priceCents: 45_000 }], 1).totalCents).toBe(45_000);
    expect(computeFare([{ priceCents: 45_000 }, { priceCents: 45_000 }], 2).totalCents).toBe(180_000);
    expect(computeFare([{ priceCents: 30_000 }, { priceCents: 41_050 }], 3)).toMatchObject({ baseFareCents: 71_050, legs: 2, totalCents: 213_150 });
  });

  it('takes the penalty off a refund', () => {
    expect(refundCents(100_000, 10)).toBe(90_000);
    expect(refundCents(33_333, 10)).toBe(30_000);
    expect(refundCents(50_000, 0)).toBe(50_000);
  });

  it('converts to a crypto amount by rate', () => {
    expect(cryptoAmount(45_000, 1)).toBe(450);
    expect(cryptoAmount(45_000, 0.0000155)).toBeCloseTo(0.006975, 8);
  });
});
