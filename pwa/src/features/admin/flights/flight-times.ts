import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { zonedToUtc } from '../../../../../sync/time';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The value of a datetime-local input (YYYY-MM-DDTHH:mm) showing an instant at an airport. */
export function toZoneInput(iso: string, timeZone: string): string {
  return dayjs(iso).tz(timeZone).format('YYYY-MM-DDTHH:mm');
}

/** The instant a datetime-local value means at an airport (product rules §6.4: times are local to it). */
export function fromZoneInput(value: string, timeZone: string): string {
  return zonedToUtc(value, timeZone);
}

/** Product rules §6.4: flight times go in 15-minute steps. */
export function onQuarterHour(value: string): boolean {
  const minutes = Number(value.slice(14, 16));
  return Number.isInteger(minutes) && minutes % 15 === 0;
}

/** Admin tables show durations as minutes divided by 60, in hours: '1.25 hrs'. */
export function formatHours(minutes: number): string {
  return `${Number((minutes / 60).toFixed(2))} hrs`;
}
