import { formatBookingDate, formatZoneOffset } from '../../lib/format';

/** An instant in the traveller's own time, naming the zone: 'Wed 02 Dec 09:30 (Europe/Berlin, GMT+1)'. */
export function travellerTime(iso: string, timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone): string {
  return `${formatBookingDate(iso, timeZone)} (${timeZone}, ${formatZoneOffset(iso, timeZone)})`;
}
