import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { dollarsToCents, formatMoney } from '../../../sync/money';
import { localTime } from '../../../sync/time';

dayjs.extend(utc);
dayjs.extend(timezone);

/** An instant in a zone, or in the browser's zone when none is given. */
function at(iso: string, timeZone?: string) {
  return timeZone ? dayjs(iso).tz(timeZone) : dayjs(iso);
}

/** A calendar date (YYYY-MM-DD) as on the listing: 'Dec 1'. */
export function formatListingDate(date: string): string {
  return dayjs(date).format('MMM D');
}

/** Clock time (HH:mm) of an instant at an airport. */
export function formatFlightTime(iso: string, timeZone: string): string {
  return localTime(iso, timeZone);
}

/** Minutes as on the flight cards: '6hr 40min'. */
export function formatDuration(minutes: number): string {
  const whole = Math.max(0, Math.round(minutes));
  return `${Math.floor(whole / 60)}hr ${whole % 60}min`;
}

/** A dollar amount from the REST API: '$1,234.00'. */
export function formatPrice(dollars: number): string {
  return formatMoney(dollarsToCents(dollars));
}

/** Admin tables: 'Dec 1, 2026 08:15'. */
export function formatAdminDate(iso: string, timeZone?: string): string {
  return at(iso, timeZone).format('MMM D, YYYY HH:mm');
}

/** Booking pages: 'Tue 01 Dec 08:15 AM'. */
export function formatBookingDate(iso: string, timeZone?: string): string {
  return at(iso, timeZone).format('ddd DD MMM hh:mm A');
}

/** A full local date for flight details: 'Tue, Dec 1, 2026'. */
export function formatLongDate(iso: string, timeZone: string): string {
  return at(iso, timeZone).format('ddd, MMM D, YYYY');
}

/** The zone's offset at that instant, for example 'GMT+1'. */
export function formatZoneOffset(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' }).formatToParts(new Date(iso));
  const name = parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  // NOTE: ICU builds differ on a zero offset ('GMT' or 'GMT+0'); both mean GMT.
  return name === 'GMT+0' ? 'GMT' : name;
}
