// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Booking } from '../../../../sync/schemas/booking';
import { testBooking } from '../../../../sync/test-booking';
import { FlightNotices } from './flight-notice';

const DEPARTURE = Date.parse('2030-12-03T09:05:00.000Z');
const base = testBooking(DEPARTURE);
const booked = { departureTime: base.flightId.departureTime, arrivalTime: base.flightId.arrivalTime };
const moved = (patch: Partial<Booking> = {}): Booking => ({
  ...base,
  flightId: { ...base.flightId, status: 'delayed', departureTime: '2030-12-03T10:30:00.000Z', bookedTimes: booked },
  ...patch,
});

afterEach(cleanup);

describe('the notice of what the airline changed', () => {
  it('is a live region named after the flight, line by line', () => {
    render(<FlightNotices booking={moved()} />);
    const notice = screen.getByRole('status', { name: 'Flight SW100 update' });
    expect([...notice.querySelectorAll('p')].map((line) => line.textContent)).toEqual([
      'Flight SW100 is delayed.',
      'Schedule changed: departs LOS Tue 03 Dec 11:30 (was 10:05), local times.',
    ]);
  });

  it('is not there for a flight without changes, nor on a booking that has ended', () => {
    render(<FlightNotices booking={base} />);
    expect(screen.queryByRole('status')).toBeNull();
    render(<FlightNotices booking={moved({ status: 'cancelled' })} />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});
