import type { Booking } from '../../../../sync/schemas/booking';
import { dayOffset } from '../../../../sync/time';
import { formatBookingDate, formatFlightTime } from '../format';

export type BookedLeg = {
  label: 'Departing' | 'Returning';
  flightNumber: string;
  from: string;
  to: string;
  /** 'Tue 01 Dec 07:15' at the origin. */
  departs: string;
  /** 'HH:mm' at the destination, '+1' when a later day, '-1' when an earlier one. */
  arrives: string;
};

type Leg = Booking['flightId'];

function view(label: BookedLeg['label'], leg: Leg): BookedLeg {
  const offset = dayOffset(leg.departureTime, leg.origin.timeZone, leg.arrivalTime, leg.destination.timeZone);
  return {
    label,
    flightNumber: leg.flightNumber,
    from: `${leg.origin.city} (${leg.origin.code})`,
    to: `${leg.destination.city} (${leg.destination.code})`,
    departs: formatBookingDate(leg.departureTime, leg.origin.timeZone),
    arrives: `${formatFlightTime(leg.arrivalTime, leg.destination.timeZone)}${offset ? ` ${offset}` : ''}`,
  };
}

/** A booking's legs in the airports' local times. */
export function bookedLegs(booking: Pick<Booking, 'flightId' | 'returnFlightId'>): BookedLeg[] {
  const legs = [view('Departing', booking.flightId)];
  if (booking.returnFlightId) legs.push(view('Returning', booking.returnFlightId));
  return legs;
}
