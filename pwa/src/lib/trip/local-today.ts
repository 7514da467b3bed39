const two = (n: number) => String(n).padStart(2, '0');

/** Today's date (YYYY-MM-DD) on this device, the earliest a date picker offers. */
export function localToday(now: Date = new Date()): string {
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

/** A date `days` after a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return localToday(new Date(year, month - 1, day + days));
}

export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  return addDays(value, 0) === value;
}
