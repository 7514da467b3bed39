import { load } from '../load';
import { shareOfBare } from '../yardstick';
import type { Scenario } from '../types';

/** The cheapest route through the whole middleware stack: a floor for every other scenario. */
export const health: Scenario = {
  name: 'health',
  target: { maxErrors: 0 },
  async run(baseUrl) {
    const result = await load({ url: `${baseUrl}/api/health`, connections: 20, durationS: 10 });
    return { ...result, share: await shareOfBare(result.rps) };
  },
};
