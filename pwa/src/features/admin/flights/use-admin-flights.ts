import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PAGE_SIZE } from '../../../../../sync/constants';
import type { Flight, FlightUpdateBody } from '../../../../../sync/schemas/flight';
import { api } from '../../../lib/api';
import { apiPage } from '../../../lib/api-page';
import { flightsQuery, type FlightFilters } from './flight-filters';

const KEY = 'admin-flights';

/** One page of the catalogue (about 5,600 flights), filtered and searched by flight number on the server. */
export function useFlightsPage(filters: FlightFilters, page: number) {
  const query = flightsQuery(filters, page, PAGE_SIZE);
  return useQuery({
    queryKey: [KEY, query.toString()],
    queryFn: ({ signal }) => apiPage<Flight>(`/flights?${query.toString()}`, signal),
    placeholderData: keepPreviousData,
  });
}

export type FlightSave = { id?: string; body: FlightUpdateBody };

/** Create or edit; the list is fetched again afterwards (product rules §10.9). */
export function useSaveFlight() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: FlightSave) =>
      api<{ message: string; flight: Flight; warning?: string }>(id ? `/flights/${id}` : '/flights', { method: id ? 'PUT' : 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [KEY] }),
  });
}

export function useDeleteFlight() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api(`/flights/${id}`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [KEY] }),
  });
}
