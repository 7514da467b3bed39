import { localDate, localTime } from '../../../../sync/time';
import { formatAdminDate } from '../../lib/format';

/** When the kept answer came: its clock time today, else its date and time. */
export function keptSince(updatedAt: number, now = Date.now()): string {
  // NOTE: the device's own zone, through Intl (sync/time.ts) rather than dayjs, which a listing would then download.
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const at = new Date(updatedAt).toISOString();
  return localDate(at, zone) === localDate(new Date(now).toISOString(), zone) ? localTime(at, zone) : formatAdminDate(at);
}
