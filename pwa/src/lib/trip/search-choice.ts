import type { TravelClass } from '../../../../sync/constants';
import { readStoredSearch } from './search-storage';
import { isTravelClass, isTravelerCount } from './search-values';

export type SearchChoice = { travelers: number; travelClass: TravelClass; flightId: string | null; returnFlightId: string | null };

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/** The traveller count and class from the stored search ('searchForm'); one Economy traveller without one. */
export function searchChoice(stored: unknown = readStoredSearch()): SearchChoice {
  const record = isRecord(stored) ? stored : {};
  return {
    travelers: isTravelerCount(record.travelers) ? record.travelers : 1,
    travelClass: isTravelClass(record.class) ? record.class : 'Economy',
    flightId: text(record.flightId),
    returnFlightId: record.type === 'Round Trip' ? text(record.returnFlightId) : null,
  };
}
