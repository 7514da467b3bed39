import { load } from './load';
import { launchBareExpress } from './server';
import type { Result } from './types';

let measured: Promise<Result> | undefined;

/**
 * Bare Express's rate on this machine now: 20 connections for 10 s after a 3 s warm-up, against its own
 * process. Measured once per bench run, by the first scenario that needs it.
 */
export function bareExpress(): Promise<Result> {
  measured ??= (async () => {
    const server = await launchBareExpress();
    try {
      await server.ready;
      return await load({ url: `${server.baseUrl}/api/health`, connections: 20, durationS: 10 });
    } finally {
      await server.stop();
    }
  })();
  return measured;
}

/** A rate as a share of bare Express's, to two decimals. */
export async function shareOfBare(rps: number): Promise<number> {
  return Math.round((rps / (await bareExpress()).rps) * 100) / 100;
}
