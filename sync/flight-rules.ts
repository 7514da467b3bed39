/** The schedule rules of an admin's flight (product rules §6.4), shared by the form and the server. */
export const MAX_FLIGHT_HOURS = 20;
export const PAST_DEPARTURE = 'Departure must be in the future';
export const TOO_LONG = `A flight lasts at most ${MAX_FLIGHT_HOURS} hours`;

export type ScheduleIssue = { path: 'departureTime' | 'arrivalTime'; msg: string };

/**
 * What is wrong with a schedule an admin enters: a new departure already past (an unchanged one of a
 * flight that has left may stay), or more than 20 hours in the air. Order of arrival and departure is
 * checked elsewhere.
 */
export function scheduleIssues(departureIso: string, arrivalIso: string, nowMs: number, departureChanged = true): ScheduleIssue[] {
  const leaves = Date.parse(departureIso);
  const lands = Date.parse(arrivalIso);
  const issues: ScheduleIssue[] = [];
  if (departureChanged && leaves <= nowMs) issues.push({ path: 'departureTime', msg: PAST_DEPARTURE });
  if (lands - leaves > MAX_FLIGHT_HOURS * 3_600_000) issues.push({ path: 'arrivalTime', msg: TOO_LONG });
  return issues;
}

/** Boarding opens at most this long before departure (product rules §6.7). */
export const MAX_BOARDING_HOURS = 3;
export const BOARDING_ORDER = 'Boarding must start before departure';
export const BOARDING_TOO_EARLY = `Boarding starts at most ${MAX_BOARDING_HOURS} hours before departure`;

/** What is wrong with a boarding time for a departure: after it, or more than 3 hours before it. */
export function boardingIssues(boardingIso: string, departureIso: string): { path: 'boardingTime'; msg: string }[] {
  const boards = Date.parse(boardingIso);
  const leaves = Date.parse(departureIso);
  if (boards >= leaves) return [{ path: 'boardingTime', msg: BOARDING_ORDER }];
  if (leaves - boards > MAX_BOARDING_HOURS * 3_600_000) return [{ path: 'boardingTime', msg: BOARDING_TOO_EARLY }];
  return [];
}
