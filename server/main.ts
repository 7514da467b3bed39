import { pino } from 'pino';
import { buildPwaIfStale } from './build-pwa';
import { PWA_DIST } from './app';
import { EnvError, parseEnv } from './env';
import { seedIfEmpty } from './seed/seed';
import { createContext, listen } from './start';

async function main() {
  const env = parseEnv(process.env);
  const log = pino({ level: env.LOG_LEVEL });
  await buildPwaIfStale(PWA_DIST, (m) => console.log(m));
  const ctx = createContext(env, log);
  const credentials = await seedIfEmpty(ctx);
  const running = await listen(ctx);
  console.log(`SkyWay Airlines is running at ${running.url}`);
  for (const line of credentials) console.log(line);

  const stop = (signal: string) => {
    log.info({ signal }, 'shutting down');
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
