import pino from 'pino';
import { parseEnv } from '../server/env';
import { sweep } from '../server/services/booking/lifecycle';
import { createContext } from '../server/start';

/** One pass of the lifecycle sweep over DATA_DIR, timed in-process (bench/year.ts). */
async function main(): Promise<void> {
  const ctx = await createContext(parseEnv(process.env), pino({ level: 'silent' }));
  const start = performance.now();
  await sweep(ctx);
  console.log(`${Math.round(performance.now() - start)} ms`);
  process.exit(0);
}

void main();
