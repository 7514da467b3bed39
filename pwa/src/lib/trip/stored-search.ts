import type { TravelClass } from '../../../../sync/constants';
import { isIsoDate } from './local-today';
import { EMPTY_SEARCH, isTravelClass, isTravelerCount, type CompleteSearch, type SearchValues } from './search-values';

/**
 * The last search as kept in localStorage 'searchForm' for the booking pages (product rules §10.4): airports by id,
 * trip type as 'One Way' / 'Round Trip', dates YYYY-MM-DD, and the chosen flights once picked.
 */
export type StoredSearch = {
  type: 'One Way' | 'Round Trip';
  class: TravelClass;
  travelers: number;
  from: string;
  to: string;
  fromCode: string;
  toCode: string;
  date: string;
  returnDate: string;
  flightId?: string;
  returnFlightId?: string;
};

export type AirportIds = { from: string; to: string };
export type ChosenFlights = { flightId?: string; returnFlightId?: string };

export function toStoredSearch(search: CompleteSearch, ids: AirportIds, chosen: ChosenFlights = {}): StoredSearch {
  return {
    type: search.type === 'round' ? 'Round Trip' : 'One Way',
    class: search.travelClass,
    travelers: search.travelers,
    from: ids.from,
    to: ids.to,
    fromCode: search.from,
    toCode: search.to,
    date: search.date,
    returnDate: search.type === 'round' ? search.returnDate : '',
    ...chosen,
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * What to store next. The booking pages add their own fields (travellers, seats, contact); they are kept
 * while the same flights stay chosen and dropped when the choice changes.
 */
export function mergeStoredSearch(previous: unknown, next: StoredSearch): Record<string, unknown> {
  if (!isRecord(previous)) return { ...next };
  const sameFlights = next.flightId !== undefined && previous.flightId === next.flightId && (previous.returnFlightId ?? undefined) === next.returnFlightId;
  if (!sameFlights) return { ...next };
  const rest = Object.fromEntries(Object.entries(previous).filter(([key]) => key !== 'returnFlightId'));
  return { ...rest, ...next };
}

const code = (value: unknown) => (typeof value === 'string' && /^[A-Z]{3}$/.test(value) ? value : null);
const futureDate = (value: unknown, today: string) => (typeof value === 'string' && isIsoDate(value) && value >= today ? value : '');

/** The stored search as panel values, to prefill the home search; past dates are dropped. */
export function storedToValues(stored: unknown, today: string): SearchValues {
  if (!isRecord(stored)) return EMPTY_SEARCH;
  const type = stored.type === 'Round Trip' ? 'round' : 'one';
  return {
    type,
    from: code(stored.fromCode),
    to: code(stored.toCode),
    date: futureDate(stored.date, today),
    returnDate: type === 'round' ? futureDate(stored.returnDate, today) : '',
    travelClass: isTravelClass(stored.class) ? stored.class : null,
    travelers: isTravelerCount(stored.travelers) ? stored.travelers : EMPTY_SEARCH.travelers,
  };
}
