import dayjs from 'dayjs';
import type { FlightStatus } from '../../../../../sync/constants';

/** What the admin's flight list asks the server for; 'any' leaves a choice open. */
export type FlightFilters = {
  search: string;
  origin: string;
  destination: string;
  from: string;
  to: string;
  status: FlightStatus | 'any';
};

export const ANY = 'any';

/** The list opens on departures from today (the admin's date), not on the oldest flight of the catalogue. */
export const openingFilters = (): FlightFilters => ({ search: '', origin: ANY, destination: ANY, from: dayjs().format('YYYY-MM-DD'), to: '', status: ANY });

/** GET /flights's query for one page of the list. */
export function flightsQuery(filters: FlightFilters, page: number, limit: number): URLSearchParams {
  const query = new URLSearchParams({ page: String(page), limit: String(limit) });
  const search = filters.search.trim().toUpperCase();
  if (search) query.set('search', search);
  if (filters.origin !== ANY) query.set('origin', filters.origin);
  if (filters.destination !== ANY) query.set('destination', filters.destination);
  if (filters.from) query.set('from', filters.from);
  if (filters.to) query.set('to', filters.to);
  if (filters.status !== ANY) query.set('status', filters.status);
  return query;
}
