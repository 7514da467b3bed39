import type { TravelClass } from './constants';

/**
 * Fares are per traveller and leg: total = sum over legs of the class fare x travellers, in integer cents.
 * A flight's price is its Economy fare; a class fare is that price x the class's ratio (a setting).
 */
export type FareLeg = { priceCents: number };

/** The fare ratio of each class to Economy (whose ratio is always 1). */
export type ClassFares = Record<TravelClass, number> & { Economy: 1 };

export const DEFAULT_CLASS_FARES: ClassFares = { Economy: 1, 'Premium Economy': 1.6, Business: 2.5, 'First Class': 4 };

/** One traveller's fare on one leg in a class: the Economy price x the class ratio, to whole cents. */
export function classFareCents(economyCents: number, ratio: number): number {
  return Math.round(economyCents * ratio);
}

export type Fare = {
  baseFareCents: number;
  travellers: number;
  legs: number;
  discountCents: number;
  otherServicesCents: number;
  totalCents: number;
};

export function computeFare(legs: readonly FareLeg[], travellers: number, ratio: number): Fare {
  const baseFareCents = legs.reduce((sum, leg) => sum + classFareCents(leg.priceCents, ratio), 0);
  const discountCents = 0;
  const otherServicesCents = 0;
  return {
    baseFareCents,
    travellers,
    legs: legs.length,
    discountCents,
    otherServicesCents,
    totalCents: baseFareCents * travellers - discountCents + otherServicesCents,
  };
}

/** The refund of a cancelled paid booking: the total minus the cancellation penalty, rounded to cents. */
export function refundCents(totalCents: number, penaltyPercent: number): number {
  return totalCents - Math.round((totalCents * penaltyPercent) / 100);
}

/** Crypto amount due = rate (units per dollar) x total dollars, to 8 decimals. */
export function cryptoAmount(totalCents: number, rate: number): number {
  return Math.round((totalCents / 100) * rate * 1e8) / 1e8;
}
