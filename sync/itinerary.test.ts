import { describe, expect, it } from 'vitest';
import { itineraryIcs } from './itinerary';
import { icsEvents as events } from './test-ical';
import { testBooking } from './test-booking';

const DEPARTURE = Date.parse('2030-07-01T09:30:00Z');
const NAMES: Record<string, string> = { a: 'Murtala Muhammed International Airport', b: 'Heathrow Airport' };
const NOW = new Date('2030-06-02T12:00:00Z');

describe('itineraryIcs', () => {
  it('writes one event per leg in UTC with the flight number and the airports by name', () => {
    const booking = testBooking(DEPARTURE);
    const back = {
      ...booking.flightId,
      _id: 'f2',
      flightNumber: 'SW101',
      origin: booking.flightId.destination,
      destination: booking.flightId.origin,
      departureTime: '2030-07-08T20:00:00.000Z',
      arrivalTime: '2030-07-09T02:15:00.000Z',
    };
    const ics = itineraryIcs(
      { ...booking, returnFlightId: back, seatId: [...booking.seatId, { seatNumber: 'C3', class: 'Economy', flightId: 'f2' }] },
      (id) => NAMES[id],
      NOW,
    );

    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toMatch(/\r\nEND:VCALENDAR\r\n$/);
    expect(ics).toContain('DTSTART:20300701T093000Z');
    const [out, home] = events(ics);
    expect(out?.event.summary).toBe('SW100 Lagos (LOS) to London (LHR)');
    expect(out?.event.startDate.toJSDate().toISOString()).toBe('2030-07-01T09:30:00.000Z');
    expect(out?.event.endDate.toJSDate().toISOString()).toBe('2030-07-01T15:30:00.000Z');
    expect(out?.event.location).toBe('Murtala Muhammed International Airport (LOS), Lagos');
    expect(out?.event.description).toContain('Booking ABC234, Economy');
    expect(out?.event.description).toContain('to Heathrow Airport (LHR), London');
    expect(out?.event.description).toContain('Seats A1');
    expect(out?.event.uid).toBe('b1-f1@skyway');
    expect(out?.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(home?.event.summary).toBe('SW101 London (LHR) to Lagos (LOS)');
    expect(home?.event.startDate.toJSDate().toISOString()).toBe('2030-07-08T20:00:00.000Z');
    expect(home?.event.description).toContain('Seats C3');
  });

  it('falls back to the city for an airport it cannot name, and marks a cancelled trip CANCELLED', () => {
    const ics = itineraryIcs(testBooking(DEPARTURE, { status: 'cancelled' }), () => undefined, NOW);
    const [only, extra] = events(ics);
    expect(extra).toBeUndefined();
    expect(only?.event.location).toBe('Lagos (LOS), Lagos');
    expect(only?.component.getFirstPropertyValue('status')).toBe('CANCELLED');
  });
});
