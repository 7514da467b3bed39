import ICAL from 'ical.js';
import type { Booking } from './schemas/booking';

type Leg = Booking['flightId'];
type Place = Leg['origin'];

/** An airport as a calendar shows it: "Murtala Muhammed International Airport (LOS), Lagos". */
const placeName = (place: Place, airportName: (id: string) => string | undefined) => `${airportName(place._id) ?? place.city} (${place.code}), ${place.city}`;

const utc = (iso: string) => ICAL.Time.fromJSDate(new Date(iso), true);

function legEvent(booking: Booking, leg: Leg, airportName: (id: string) => string | undefined, now: Date): InstanceType<typeof ICAL.Component> {
  const component = new ICAL.Component('vevent');
  const event = new ICAL.Event(component);
  const seats = booking.seatId.filter((s) => s.flightId === leg._id).map((s) => s.seatNumber);
  event.uid = `${booking._id}-${leg._id}@skyway`;
  event.summary = `${leg.flightNumber} ${leg.origin.city} (${leg.origin.code}) to ${leg.destination.city} (${leg.destination.code})`;
  event.startDate = utc(leg.departureTime);
  event.endDate = utc(leg.arrivalTime);
  event.location = placeName(leg.origin, airportName);
  event.description = [
    `Booking ${booking.bookingId}, ${booking.class}`,
    `Flight ${leg.flightNumber} from ${placeName(leg.origin, airportName)} to ${placeName(leg.destination, airportName)}`,
    seats.length ? `Seats ${seats.join(', ')}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  component.updatePropertyWithValue('dtstamp', ICAL.Time.fromJSDate(now, true));
  component.updatePropertyWithValue('status', booking.status === 'cancelled' || leg.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED');
  return component;
}

/**
 * A booking as an iCalendar file (RFC 5545): one event per leg, times in UTC, the airports' names and the
 * flight number. The same writer serves `GET /api/bookings/:id/itinerary.ics` and the device's offline
 * 'Add to calendar'. A cancelled booking or flight keeps its events, marked CANCELLED, so a calendar that
 * imported them earlier updates them instead of keeping a trip that will not happen.
 */
export function itineraryIcs(booking: Booking, airportName: (id: string) => string | undefined, now: Date): string {
  const calendar = new ICAL.Component(['vcalendar', [], []]);
  calendar.updatePropertyWithValue('prodid', '-//SkyWay//Itinerary//EN');
  calendar.updatePropertyWithValue('version', '2.0');
  calendar.updatePropertyWithValue('calscale', 'GREGORIAN');
  calendar.updatePropertyWithValue('method', 'PUBLISH');
  for (const leg of [booking.flightId, booking.returnFlightId]) {
    if (leg) calendar.addSubcomponent(legEvent(booking, leg, airportName, now));
  }
  return `${calendar.toString()}\r\n`;
}

export const itineraryFileName = (booking: Pick<Booking, 'bookingId'>) => `skyway-${booking.bookingId}.ics`;
