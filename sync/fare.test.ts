import { describe, expect, it } from 'vitest';
import { classFareCents, computeFare, cryptoAmount, DEFAULT_CLASS_FARES, refundCents } from './fare';

describe('fare maths', () => {
  it('charges every traveller on every leg', () => {
    expect(computeFare([{ priceCents: 45_000 }], 1, 1).totalCents).toBe(45_000);
    expect(computeFare([{ priceCents: 45_000 }, { priceCents: 45_000 }], 2, 1).totalCents).toBe(180_000);
    expect(computeFare([{ priceCents: 30_000 }, { priceCents: 41_050 }], 3, 1)).toMatchObject({ baseFareCents: 71_050, legs: 2, totalCents: 213_150 });
  });

  it('prices a class as the Economy fare times its ratio, to whole cents', () => {
    expect(DEFAULT_CLASS_FARES).toEqual({ Economy: 1, 'Premium Economy': 1.6, Business: 2.5, 'First Class': 4 });
    expect(classFareCents(45_000, DEFAULT_CLASS_FARES.Business)).toBe(112_500);
    expect(classFareCents(45_000, DEFAULT_CLASS_FARES['First Class'])).toBe(180_000);
    expect(classFareCents(41_050, DEFAULT_CLASS_FARES['Premium Economy'])).toBe(65_680);
    expect(classFareCents(33_333, 1.55)).toBe(51_666);
    expect(classFareCents(1, 2.5)).toBe(3);
    expect(classFareCents(45_000, 1)).toBe(45_000);
  });

  it('rounds each leg to cents before it multiplies by the travellers', () => {
    expect(computeFare([{ priceCents: 33_333 }, { priceCents: 10_001 }], 3, 1.55)).toMatchObject({
      baseFareCents: 51_666 + 15_502,
      totalCents: (51_666 + 15_502) * 3,
    });
    expect(computeFare([{ priceCents: 45_000 }, { priceCents: 45_000 }], 2, 2.5).totalCents).toBe(450_000);
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
