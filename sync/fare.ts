/** Fares are per traveller and leg: total = sum over legs of price x travellers, in integer cents. */
export type FareLeg = { priceCents: number };

export type Fare = {
  baseFareCents: number;
  travellers: number;
  legs: number;
  discountCents: number;
  otherServicesCents: number;
  totalCents: number;
};

export function computeFare(legs: readonly FareLeg[], travellers: number): Fare {
  const baseFareCents = legs.reduce((sum, leg) => sum + leg.priceCents, 0);
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
