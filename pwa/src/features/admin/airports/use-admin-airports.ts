import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Airport, AirportBody } from '../../../../../sync/schemas/airport';
import { api } from '../../../lib/api';

/** The airports list, shared with the search panel's cache: a change here refreshes both. */
export function useAdminAirports() {
  return useQuery({ queryKey: ['airports'], queryFn: ({ signal }) => api<Airport[]>('/airports', { signal }) });
}

export type AirportSave = { id?: string; body: AirportBody };

/** Create (POST) or edit (PUT with the id in the body), then refetch the list (product rules §10.9). */
export function useSaveAirport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: AirportSave) => api('/airports', { method: id ? 'PUT' : 'POST', body: id ? { id, ...body } : body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['airports'] }),
  });
}

export function useDeleteAirport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('/airports', { method: 'DELETE', body: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['airports'] }),
  });
}
