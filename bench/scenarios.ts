import { flightSearch } from './scenarios/flight-search';
import { health } from './scenarios/health';
import type { Scenario } from './types';

/** Every scenario, run in this order; `npm run bench -- <name>...` runs a subset. */
export const scenarios: Scenario[] = [health, flightSearch];
