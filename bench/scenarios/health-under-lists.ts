import { load } from '../load';
import type { Scenario } from '../types';

/** /api/health on one connection while ten connections ask for the unfiltered flight list without a break. */
export const healthUnderLists: Scenario = {
  name: 'health-under-lists',
  target: { maxP99Ms: 50, maxErrors: 0 },
  async run(baseUrl) {
    const [health, lists] = await Promise.all([
      load({ url: `${baseUrl}/api/health`, connections: 1, durationS: 10 }),
      load({ url: `${baseUrl}/api/flights`, connections: 10, durationS: 13, warmupS: 0 }),
    ]);
    const note = `GET /api/flights on 10 connections meanwhile: ${lists.rps.toFixed(0)} req/s, p99 ${lists.p99Ms} ms, ${lists.errors + lists.non2xx} errors`;
    return { ...health, errors: health.errors + lists.errors, non2xx: health.non2xx + lists.non2xx, notes: [note] };
  },
};
