import type { Scenario } from '../types';
import { bareExpress } from '../yardstick';

/** The yardstick: a bare Express process answering a small JSON body (share 1 by definition). */
export const bareExpressScenario: Scenario = {
  name: 'bare-express',
  target: { maxErrors: 0 },
  run: async () => ({ ...(await bareExpress()), share: 1 }),
};
