import { describe, expect, it } from 'vitest';
import type { BookingFlight } from '../../../../sync/schemas/booking';
import { testBooking } from '../../../../sync/test-booking';
import { flightNotices, scheduleChangeText } from './flight-change-texts';

/** Lagos (UTC+1) to London (UTC+0 in winter): booked to leave 10:05 Lagos time, land 16:15 London time. */
const BOOKED = { departureTime: '2030-12-03T09:05:00.000Z', arrivalTime: '2030-12-03T16:15:00.000Z' };

const leg = (patch: Partial<BookingFlight> = {}): BookingFlight => ({ ...testBooking(Date.parse(BOOKED.departureTime)).flightId, ...BOOKED, ...patch });

describe('what a booking says about its changed flight', () => {
  it('says nothing while the flight keeps its booked times, status and has no gate', () => {
    expect(flightNotices(leg())).toEqual([]);
  });

  it('gives the new and the booked times in each airport’s local time, the day of a time only when it changed', () => {
    const moved = leg({ departureTime: '2030-12-03T10:30:00.000Z', arrivalTime: '2030-12-03T17:40:00.000Z', bookedTimes: BOOKED });
    expect(scheduleChangeText(moved)).toBe(
      'Schedule changed: departs LOS Tue 03 Dec 11:30 (was 10:05), arrives LHR Tue 03 Dec 17:40 (was 16:15), local times.',
    );
    const nextDay = leg({ departureTime: '2030-12-04T08:00:00.000Z', arrivalTime: BOOKED.arrivalTime, bookedTimes: BOOKED });
    expect(scheduleChangeText(nextDay)).toBe('Schedule changed: departs LOS Wed 04 Dec 09:00 (was Tue 03 Dec 10:05), local times.');
  });

  it('puts a delay first, then the new times and the gate with its boarding time', () => {
    const delayed = leg({
      status: 'delayed',
      departureTime: '2030-12-03T10:30:00.000Z',
      arrivalTime: '2030-12-03T17:40:00.000Z',
      bookedTimes: BOOKED,
      gate: 'B12',
      boardingTime: '2030-12-03T09:50:00.000Z',
    });
    expect(flightNotices(delayed)).toEqual([
      'Flight SW100 is delayed.',
      'Schedule changed: departs LOS Tue 03 Dec 11:30 (was 10:05), arrives LHR Tue 03 Dec 17:40 (was 16:15), local times.',
      'Gate B12, boarding 10:50.',
    ]);
  });

  it('says only that a cancelled flight is cancelled, without times or gate', () => {
    const cancelled = leg({ status: 'cancelled', departureTime: '2030-12-03T10:30:00.000Z', bookedTimes: BOOKED, gate: 'B12' });
    expect(flightNotices(cancelled)).toEqual(['Flight SW100 is cancelled by the airline.']);
  });
});
