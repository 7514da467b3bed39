import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The calendar date (YYYY-MM-DD) of an instant at an airport. */
export function localDate(iso: string, timeZone: string): string {
  return dayjs(iso).tz(timeZone).format('YYYY-MM-DD');
}

/** Local clock time (HH:mm) of an instant at an airport. */
export function localTime(iso: string, timeZone: string): string {
  return dayjs(iso).tz(timeZone).format('HH:mm');
}

/** Whole minutes between two instants; durations never come from local clock times. */
export function minutesBetween(fromIso: string, toIso: string): number {
  return Math.round((Date.parse(toIso) - Date.parse(fromIso)) / 60_000);
}

/** '+1' when the arrival falls on a later local day than the departure, '' otherwise. */
export function dayOffset(departureIso: string, departureZone: string, arrivalIso: string, arrivalZone: string): string {
  const days = dayjs(localDate(arrivalIso, arrivalZone)).diff(dayjs(localDate(departureIso, departureZone)), 'day');
  return days > 0 ? `+${days}` : '';
}

/** The instant at which a local wall-clock time (YYYY-MM-DDTHH:mm) happens in a zone. */
export function zonedToUtc(localDateTime: string, timeZone: string): string {
  return dayjs.tz(localDateTime, timeZone).toISOString();
}
