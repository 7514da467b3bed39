import { isIsoDate } from '../../lib/trip/local-today';
import { EMPTY_SEARCH, isTravelClass, isTravelerCount, type SearchValues } from '../../lib/trip/search-values';

function airportCode(value: string | null): string | null {
  const code = value?.trim().toUpperCase() ?? '';
  return /^[A-Z]{3}$/.test(code) ? code : null;
}

function date(value: string | null): string {
  return value && isIsoDate(value) ? value : '';
}

/** Reads a search from the listing URL; what is missing or malformed stays empty, travellers default to 1. */
export function parseSearch(params: URLSearchParams): SearchValues {
  const type = params.get('type') === 'round' ? 'round' : 'one';
  const travelClass = params.get('class');
  const travelers = params.get('travelers');
  const count = travelers === null ? EMPTY_SEARCH.travelers : Number(travelers);
  return {
    type,
    from: airportCode(params.get('from')),
    to: airportCode(params.get('to')),
    date: date(params.get('date')),
    returnDate: type === 'round' ? date(params.get('return')) : '',
    travelClass: isTravelClass(travelClass) ? travelClass : null,
    travelers: isTravelerCount(count) ? count : null,
  };
}

/** The listing URL's query: from=LOS&to=LHR&date=2026-12-01&type=round&return=2026-12-08&class=Economy&travelers=2 */
export function searchQuery(values: SearchValues): string {
  const params = new URLSearchParams();
  if (values.from) params.set('from', values.from);
  if (values.to) params.set('to', values.to);
  if (values.date) params.set('date', values.date);
  params.set('type', values.type);
  if (values.type === 'round' && values.returnDate) params.set('return', values.returnDate);
  if (values.travelClass) params.set('class', values.travelClass);
  if (values.travelers) params.set('travelers', String(values.travelers));
  return params.toString();
}
