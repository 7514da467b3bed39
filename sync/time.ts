const formatters = new Map<string, Intl.DateTimeFormat>();

type Parts = { year: string; month: string; day: string; hour: string; minute: string };

/** NOTE: building an Intl formatter is the costly part of a zone conversion, so one is kept per zone. */
function parts(instant: string | number, timeZone: string): Parts {
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
  const found: Parts = { year: '', month: '', day: '', hour: '', minute: '' };
  for (const part of format.formatToParts(new Date(instant))) {
    if (part.type in found) found[part.type as keyof Parts] = part.value;
  }
  return found;
}

/** The calendar date (YYYY-MM-DD) of an instant at an airport. */
export function localDate(iso: string, timeZone: string): string {
  return localDateTime(iso, timeZone).date;
}

/** Local clock time (HH:mm) of an instant at an airport. */
export function localTime(iso: string, timeZone: string): string {
  return localDateTime(iso, timeZone).time;
}

/** Both at once, from one zone conversion (each costs some 20 µs): the local date (YYYY-MM-DD) and clock time (HH:mm). */
export function localDateTime(iso: string, timeZone: string): { date: string; time: string } {
  const p = parts(iso, timeZone);
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

/** Whole minutes between two instants; durations never come from local clock times. */
export function minutesBetween(fromIso: string, toIso: string): number {
  return Math.round((Date.parse(toIso) - Date.parse(fromIso)) / 60_000);
}

/** '+1' when the arrival falls on a later local day than the departure, '' otherwise. */
export function dayOffset(departureIso: string, departureZone: string, arrivalIso: string, arrivalZone: string): string {
  const days = Math.round((Date.parse(localDate(arrivalIso, arrivalZone)) - Date.parse(localDate(departureIso, departureZone))) / 86_400_000);
  if (days === 0) return '';
  return days > 0 ? `+${days}` : `${days}`;
}

/** Minutes the zone's clocks are ahead of UTC at an instant. */
function zoneOffset(timestamp: number, timeZone: string): number {
  const p = parts(timestamp, timeZone);
  const second = new Date(timestamp).getUTCSeconds();
  const wall = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), second);
  return (wall - (timestamp - (timestamp % 1000))) / 60_000;
}

/** YYYY-MM-DD[THH:mm[:ss[.SSS]]] read as a UTC wall clock (anything else as Date reads it). */
function wallClock(localDateTime: string): number {
  const m = /Z$/i.test(localDateTime) ? null : /^(\d{4})[-/]?(\d{1,2})?[-/]?(\d{0,2})[Tt\s]*(\d{1,2})?:?(\d{1,2})?:?(\d{1,2})?[.:]?(\d+)?$/.exec(localDateTime);
  if (!m) return new Date(localDateTime).getTime();
  const n = (value: string | undefined, fallback: number) => (value ? Number(value) : fallback);
  return Date.UTC(n(m[1], 0), n(m[2], 1) - 1, n(m[3], 1), n(m[4], 0), n(m[5], 0), n(m[6], 0), Number((m[7] ?? '0').slice(0, 3)));
}

/**
 * The instant at which a local wall-clock time (YYYY-MM-DDTHH:mm) happens in a zone.
 * NOTE: the steps of dayjs.tz (its timezone plugin), so the answers are dayjs's without loading dayjs:
 * guess with today's offset, correct once, and in a skipped hour keep the clock time.
 */
export function zonedToUtc(localDateTime: string, timeZone: string): string {
  const local = wallClock(localDateTime);
  const guess = zoneOffset(Date.now(), timeZone);
  const first = local - guess * 60_000;
  const firstOffset = zoneOffset(first, timeZone);
  if (firstOffset === guess) return new Date(first).toISOString();
  const second = first - (firstOffset - guess) * 60_000;
  const secondOffset = zoneOffset(second, timeZone);
  if (secondOffset === firstOffset) return new Date(second).toISOString();
  return new Date(local - Math.min(firstOffset, secondOffset) * 60_000).toISOString();
}

/** The calendar date `days` after a YYYY-MM-DD date (calendar arithmetic, no zone involved). */
export function addCalendarDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
