import type { FlightStatus } from './constants';

/** Why a booking ends when its traveller (or an admin) takes the refund of a flight the airline cancelled. */
export const FLIGHT_CANCELLED_REASON = 'flight cancelled by the airline';

/** What the mail of a cancelled flight offers (product rules §4.10); the booking's page says the same. */
export const AIRLINE_CANCELLED_OFFER = 'You may cancel the booking on its page for a refund of everything you paid, with no cancellation penalty.';

/** Why a booking on such a flight is not checked in. */
export const AIRLINE_CANCELLED_CHECK_IN = 'The airline cancelled this flight: there is nothing to check in for';

/**
 * Product rules §4.10: a booking one of whose flights the airline cancelled, before any of them has
 * departed, may be cancelled whatever the time, and a paid one is refunded in full.
 */
export function cancelledByAirline(legs: { status: FlightStatus }[]): boolean {
  return legs.some((leg) => leg.status === 'cancelled') && !legs.some((leg) => leg.status === 'departed');
}
