import { CONVERSATIONS, DEVICES_PER_CONVERSATION, SEND_EVERY_MS } from '../chat/load';
import { inOwnProcess } from '../own-process';
import type { Result, Scenario } from '../types';

/**
 * Support chat under load (bench/chat/clients.ts): 500 device sockets and a support desk, run and timed
 * in a process of their own, as the open-loop generator is, so that the bench's own heap (everything the
 * earlier scenarios loaded, Lighthouse's included) does not pause them.
 */
export const chatDelivery: Scenario = {
  name: 'chat-delivery',
  target: { minRps: ((CONVERSATIONS * DEVICES_PER_CONVERSATION * 1_000) / SEND_EVERY_MS) * 0.95, maxP99Ms: 30, maxErrors: 0 },
  run: (baseUrl) => inOwnProcess<string, Result>(new URL('../chat/clients.ts', import.meta.url), baseUrl),
};
