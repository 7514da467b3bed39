import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

const formatters = new Map<string, Intl.DateTimeFormat>();

/** NOTE: building an Intl formatter is the costly part of a zone conversion, so one is kept per zone. */
function parts(iso: string, timeZone: string): Record<string, string> {
  let format = formatters.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, format);
  }
  return Object.fromEntries(format.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
}

/** The calendar date (YYYY-MM-DD) of an instant at an airport. */
export function localDate(iso: string, timeZone: string): string {
  const p = parts(iso, timeZone);
  return `${p.year}-${p.month}-${p.day}`;
}

/** Local clock time (HH:mm) of an instant at an airport. */
export function localTime(iso: string, timeZone: string): string {
  const p = parts(iso, timeZone);
  return `${p.hour}:${p.minute}`;
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
