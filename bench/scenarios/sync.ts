import type { Scenario } from '../types';
import { drainAfterReconnect, firstFullSync } from './sync-timing';

export const syncFirstFull: Scenario = {
  name: 'sync-first-full',
  target: { maxP99Ms: 1500, maxErrors: 0 },
  run: firstFullSync,
};

export const syncDrain500: Scenario = {
  name: 'sync-drain-500',
  target: { maxP99Ms: 10_000, maxErrors: 0 },
  run: drainAfterReconnect,
};
