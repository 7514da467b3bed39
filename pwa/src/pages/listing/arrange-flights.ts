import { classFareCents } from '../../../../sync/fare';
import { dollarsToCents } from '../../../../sync/money';
import type { Flight } from '../../../../sync/schemas/flight';
import { localTime } from '../../../../sync/time';

export const SORTS = [
  { key: 'departure', label: 'Earliest departure' },
  { key: 'price', label: 'Lowest price' },
  { key: 'duration', label: 'Shortest duration' },
] as const;
export type SortKey = (typeof SORTS)[number]['key'];

/** Parts of the day by the local clock at the origin; `from` and `to` are whole hours, `to` excluded. */
export const DAY_PARTS = [
  { key: 'morning', label: 'Morning', from: 5, to: 12 },
  { key: 'afternoon', label: 'Afternoon', from: 12, to: 18 },
  { key: 'evening', label: 'Evening', from: 18, to: 24 },
  { key: 'night', label: 'Night', from: 0, to: 5 },
] as const;
export type DayPart = (typeof DAY_PARTS)[number]['key'];

/** How the traveller wants the list: an order, the parts of the day to keep (none: all), a top fare in cents (null: any). */
export type Arrangement = { sort: SortKey; parts: DayPart[]; maxFareCents: number | null };

export const DEFAULT_ARRANGEMENT: Arrangement = { sort: 'departure', parts: [], maxFareCents: null };

export function dayPartOf(flight: Flight): DayPart {
  const hour = Number(localTime(flight.departureTime, flight.origin.timeZone).slice(0, 2));
  return DAY_PARTS.find((part) => hour >= part.from && hour < part.to)?.key ?? 'night';
}

/** One traveller's fare in the chosen class, in cents, as the card shows it. */
export function classFareOf(flight: Flight, ratio: number): number {
  return classFareCents(dollarsToCents(flight.price), ratio);
}

const minutes = (flight: Flight) => Date.parse(flight.arrivalTime) - Date.parse(flight.departureTime);
const byDeparture = (a: Flight, b: Flight) => a.departureTime.localeCompare(b.departureTime);

/** The flights the traveller asked to see, in the order asked; ties keep departure order. */
export function arrangeFlights(flights: readonly Flight[], arrangement: Arrangement, ratio: number): Flight[] {
  const { sort, parts, maxFareCents } = arrangement;
  const kept = flights.filter(
    (flight) => (parts.length === 0 || parts.includes(dayPartOf(flight))) && (maxFareCents === null || classFareOf(flight, ratio) <= maxFareCents),
  );
  const compare: Record<SortKey, (a: Flight, b: Flight) => number> = {
    departure: byDeparture,
    price: (a, b) => a.price - b.price || byDeparture(a, b),
    duration: (a, b) => minutes(a) - minutes(b) || byDeparture(a, b),
  };
  return kept.sort(compare[sort]);
}

/** The lowest and highest class fares among the flights, in cents; null without flights. */
export function fareRange(flights: readonly Flight[], ratio: number): { min: number; max: number } | null {
  if (flights.length === 0) return null;
  const fares = flights.map((flight) => classFareOf(flight, ratio));
  return { min: Math.min(...fares), max: Math.max(...fares) };
}

export function isFiltered(arrangement: Arrangement): boolean {
  return arrangement.parts.length > 0 || arrangement.maxFareCents !== null;
}
