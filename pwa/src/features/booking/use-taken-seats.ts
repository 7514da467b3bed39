import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TakenSeatSchema } from '../../../../sync/schemas/flight';
import { api } from '../../lib/api';

type TakenSeat = z.infer<typeof TakenSeatSchema>;

/**
 * The seats others hold or bought on a flight. NOTE: staleTime 0, so each opening of the picker
 * (which mounts this) asks again: seats go fast and the picker must not offer a taken one.
 */
export function useTakenSeats(flightId: string) {
  return useQuery({
    queryKey: ['taken-seats', flightId],
    queryFn: async ({ signal }) => {
      const seats = await api<TakenSeat[]>(`/flights/${encodeURIComponent(flightId)}/seat`, { signal });
      return new Set(seats.map((s) => s.seatNumber));
    },
    staleTime: 0,
  });
}
