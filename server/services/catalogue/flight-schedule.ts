import { eq } from 'drizzle-orm';
import { SEATS_PER_FLIGHT } from '../../../sync/constants';
import { boardingIssues, scheduleIssues } from '../../../sync/flight-rules';
import type { FlightUpdateBody } from '../../../sync/schemas/flight';
import { first, type Queryable } from '../../db/client';
import { flights } from '../../db/schema';
import { AppError, notFound } from '../../errors';

/** Refuses an admin's schedule with a 400 naming the time fields at fault (sync/flight-rules.ts). */
export function checkSchedule(now: Date, departureTime: string, arrivalTime: string, departureChanged = true): void {
  const issues = scheduleIssues(departureTime, arrivalTime, now.getTime(), departureChanged);
  if (issues.length) throw new AppError(400, issues.map((i) => i.msg).join(', '), { code: 'invalid_input', errors: issues });
}

/**
 * The schedule an edit leaves; checked only where it changes, so a flown flight's status can still be set.
 * A boarding time given must fall in the 3 hours before the departure the edit leaves.
 */
export async function checkScheduleChange(
  q: Queryable,
  now: Date,
  id: string,
  changes: FlightUpdateBody,
): Promise<{ timesChanged: boolean; departureChanged: boolean }> {
  const current = await first(q.select({ departureTime: flights.departureTime, arrivalTime: flights.arrivalTime }).from(flights).where(eq(flights.id, id)));
  if (!current) throw notFound('Flight');
  const differs = (next: string | undefined, stored: string) => next !== undefined && Date.parse(next) !== Date.parse(stored);
  const departureChanged = differs(changes.departureTime, current.departureTime);
  const timesChanged = departureChanged || differs(changes.arrivalTime, current.arrivalTime);
  if (timesChanged) checkSchedule(now, changes.departureTime ?? current.departureTime, changes.arrivalTime ?? current.arrivalTime, departureChanged);
  const issues = changes.boardingTime ? boardingIssues(changes.boardingTime, changes.departureTime ?? current.departureTime) : [];
  if (issues.length) throw new AppError(400, issues.map((i) => i.msg).join(', '), { code: 'invalid_input', errors: issues });
  return { timesChanged, departureChanged };
}

/** The non-blocking note an edit of a booked flight's times answers with. */
export function soldSeatsWarning(availableSeats: number): string | undefined {
  const taken = SEATS_PER_FLIGHT - availableSeats;
  if (taken === 0) return undefined;
  return `${taken} of ${SEATS_PER_FLIGHT} seats on this flight are sold or held: its travellers are not mailed about the new times`;
}
