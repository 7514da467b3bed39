import { classFareCents } from '../../../../sync/fare';
import { dollarsToCents, formatMoney } from '../../../../sync/money';
import type { LowestFare } from '../../../../sync/schemas/lowest-fares';
import { addCalendarDays } from '../../../../sync/time';

export type StripDay = {
  date: string;
  /** 'Tue, Dec 1' */
  label: string;
  /** 'from $420.00', 'No flights', 'Past date', or '' while the prices load. */
  note: string;
  current: boolean;
  disabled: boolean;
};

const dayFormat = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' });

type StripInput = {
  date: string;
  days: number;
  /** The server's days, once known. */
  fares: LowestFare[] | undefined;
  /** The chosen class's ratio to Economy; undefined while the settings load. */
  ratio: number | undefined;
  today: string;
  /** A round trip's return date: the outbound cannot move past it. */
  lastDate: string | null;
};

/** The strip: the date and `days` either side, each with the class fare per traveller or why it cannot be chosen. */
export function stripDays({ date, days, fares, ratio, today, lastDate }: StripInput): StripDay[] {
  const byDate = new Map(fares?.map((fare) => [fare.date, fare]));
  return Array.from({ length: days * 2 + 1 }, (_, i) => {
    const day = addCalendarDays(date, i - days);
    const fare = byDate.get(day);
    const current = day === date;
    let note = '';
    let unavailable = false;
    if (day < today) [note, unavailable] = ['Past date', true];
    else if (lastDate !== null && day > lastDate) [note, unavailable] = ['After your return', true];
    else if (fares && !fare?.lowestPrice) [note, unavailable] = ['No flights', true];
    else if (fare?.lowestPrice && ratio !== undefined) note = `from ${formatMoney(classFareCents(dollarsToCents(fare.lowestPrice), ratio))}`;
    return { date: day, label: dayFormat.format(new Date(`${day}T12:00:00Z`)), note, current, disabled: unavailable && !current };
  });
}
