import type { TravelClass } from '../../../../sync/constants';
import type { ClassFares } from '../../../../sync/fare';
import { usePublicSettings } from './use-public-settings';

/** The class's fare ratio to the Economy price: 1 for Economy, else from the public settings once known. */
export function useClassRatio(travelClass: TravelClass): { ratio: number | undefined; error: Error | null } {
  const { settings, error } = usePublicSettings();
  // A device copy synced before class fares existed has none.
  const ratios: Partial<ClassFares> | undefined = settings?.classFares;
  return { ratio: travelClass === 'Economy' ? 1 : ratios?.[travelClass], error };
}
