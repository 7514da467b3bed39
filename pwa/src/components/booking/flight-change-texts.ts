import type { FlightStatus } from '../../../../sync/constants';
import type { BookingFlight } from '../../../../sync/schemas/booking';
import { localDate } from '../../../../sync/time';
import { formatBookingDate, formatFlightTime } from '../../lib/format';

/** 'Tue 01 Dec 11:30 (was 10:05)': the earlier time with its day only when the day changed too. */
function moved(now: string, was: string, timeZone: string): string {
  const sameDay = localDate(now, timeZone) === localDate(was, timeZone);
  return `${formatBookingDate(now, timeZone)} (was ${sameDay ? formatFlightTime(was, timeZone) : formatBookingDate(was, timeZone)})`;
}

/** 'Schedule changed: departs … (was …), arrives … (was …).' in the airports' local times; null while the booked times stand. */
export function scheduleChangeText(leg: BookingFlight): string | null {
  const booked = leg.bookedTimes;
  if (!booked) return null;
  const parts = [
    booked.departureTime === leg.departureTime ? null : `departs ${leg.origin.code} ${moved(leg.departureTime, booked.departureTime, leg.origin.timeZone)}`,
    booked.arrivalTime === leg.arrivalTime ? null : `arrives ${leg.destination.code} ${moved(leg.arrivalTime, booked.arrivalTime, leg.destination.timeZone)}`,
  ].filter((part) => part !== null);
  return parts.length ? `Schedule changed: ${parts.join(', ')}, local times.` : null;
}

const STATUS_NOTICES: Partial<Record<FlightStatus, string>> = { delayed: 'is delayed', cancelled: 'is cancelled by the airline' };

/** What the airline has changed or announced about a leg, most pressing first: its status, new times, the gate. */
export function flightNotices(leg: BookingFlight): string[] {
  const said = STATUS_NOTICES[leg.status];
  const status = said ? `Flight ${leg.flightNumber} ${said}.` : null;
  const boarding = leg.boardingTime ? `, boarding ${formatFlightTime(leg.boardingTime, leg.origin.timeZone)}` : '';
  const gate = leg.gate && leg.status !== 'cancelled' ? `Gate ${leg.gate}${boarding}.` : null;
  return [status, leg.status === 'cancelled' ? null : scheduleChangeText(leg), gate].filter((line) => line !== null);
}
