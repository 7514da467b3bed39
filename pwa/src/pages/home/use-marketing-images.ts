import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';

export type MarketingImage = { _id: string; imageUrl: string; title: string | null; width: number; height: number };

export function useMarketingImages() {
  return useQuery({
    queryKey: ['images'],
    queryFn: ({ signal }) => api<MarketingImage[]>('/images', { signal }),
    staleTime: 10 * 60_000,
  });
}
