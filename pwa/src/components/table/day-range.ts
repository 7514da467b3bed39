import dayjs from 'dayjs';

/** The calendar day of an instant on the admin's device (YYYY-MM-DD), as the tables' date columns show it. */
export const localDay = (iso: string) => dayjs(iso).format('YYYY-MM-DD');

/** Whether an instant falls on a day from `from` to `to`, both included; an empty end is open. */
export function inDayRange(iso: string, { from, to }: { from: string; to: string }): boolean {
  if (!from && !to) return true;
  const day = localDay(iso);
  return !(from && day < from) && !(to && day > to);
}
