import { MAX_TRAVELLERS, TRAVEL_CLASSES, type TravelClass } from '../../../../sync/constants';

export type TripType = 'one' | 'round';

/** What the search panel holds; airports are IATA codes. */
export type SearchValues = {
  type: TripType;
  from: string | null;
  to: string | null;
  /** YYYY-MM-DD, the local date at the origin. */
  date: string;
  returnDate: string;
  travelClass: TravelClass | null;
  travelers: number | null;
};

/** A search that passed validation. */
export type CompleteSearch = SearchValues & {
  from: string;
  to: string;
  travelClass: TravelClass;
  travelers: number;
};

export const EMPTY_SEARCH: SearchValues = {
  type: 'one',
  from: null,
  to: null,
  date: '',
  returnDate: '',
  travelClass: null,
  travelers: 1,
};

export const TRAVELER_COUNTS: readonly number[] = Array.from({ length: MAX_TRAVELLERS }, (_, i) => i + 1);

export function isTravelClass(value: unknown): value is TravelClass {
  return TRAVEL_CLASSES.some((travelClass) => travelClass === value);
}

export function isTravelerCount(value: unknown): value is number {
  return typeof value === 'number' && TRAVELER_COUNTS.includes(value);
}

export function travelersLabel(count: number): string {
  return count === 1 ? '1 Traveler' : `${count} Travelers`;
}
