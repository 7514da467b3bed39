import { load } from '../load';
import type { Scenario } from '../types';

/** The cheapest route through the whole middleware stack: a floor for every other scenario. */
export const health: Scenario = {
  name: 'health',
  target: { maxErrors: 0 },
  run: (baseUrl) => load({ url: `${baseUrl}/api/health`, connections: 20, durationS: 10 }),
};
