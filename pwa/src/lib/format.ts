import { dollarsToCents, formatMoney } from '../../../sync/money';
import { localTime } from '../../../sync/time';

type Fields = { weekday: string; month: string; day: number; year: string; hour: number; minute: string };

const fieldFormats = new Map<string, Intl.DateTimeFormat>();

/** The English calendar and clock fields of an instant in a zone (the browser's when none is given). */
function fields(date: Date, timeZone?: string): Fields {
  const key = timeZone ?? '';
  let format = fieldFormats.get(key);
  if (!format) {
    const clock = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;
    format = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', ...clock });
    fieldFormats.set(key, format);
  }
  const p = Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
  return { weekday: p.weekday ?? '', month: p.month ?? '', day: Number(p.day), year: p.year ?? '', hour: Number(p.hour) % 24, minute: p.minute ?? '' };
}

const two = (n: number) => String(n).padStart(2, '0');

/** Formats an instant's fields, or says 'Invalid Date' for a value that is not one. */
function formatInstant(iso: string, timeZone: string | undefined, format: (f: Fields) => string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? 'Invalid Date' : format(fields(date, timeZone));
}

/** A calendar date (YYYY-MM-DD) as on the listing: 'Dec 1'. */
export function formatListingDate(date: string): string {
  return formatInstant(`${date}T00:00:00Z`, 'UTC', (f) => `${f.month} ${f.day}`);
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
  return formatInstant(iso, timeZone, (f) => `${f.month} ${f.day}, ${f.year} ${two(f.hour)}:${f.minute}`);
}

/** Booking pages: 'Tue 01 Dec 13:55', on the 24-hour clock like every other time in the app. */
export function formatBookingDate(iso: string, timeZone?: string): string {
  return formatInstant(iso, timeZone, (f) => `${f.weekday} ${two(f.day)} ${f.month} ${two(f.hour)}:${f.minute}`);
}

/** A full local date for flight details: 'Tue, Dec 1, 2026'. */
export function formatLongDate(iso: string, timeZone: string): string {
  return formatInstant(iso, timeZone, (f) => `${f.weekday}, ${f.month} ${f.day}, ${f.year}`);
}

/** The zone's offset at that instant, for example 'GMT+1'. */
export function formatZoneOffset(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' }).formatToParts(new Date(iso));
  const name = parts.find((part) => part.type === 'timeZoneName')?.value ?? timeZone;
  // NOTE: ICU builds differ on a zero offset ('GMT' or 'GMT+0'); both mean GMT.
  return name === 'GMT+0' ? 'GMT' : name;
}
