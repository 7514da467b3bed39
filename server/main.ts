import { pino } from 'pino';
import { buildPwaIfStale } from './build-pwa';
import { PWA_DIST } from './pwa-pages';
import { EnvError, parseEnv } from './env';
import { processLog } from './ops/log-destination';
import { seedIfEmpty } from './seed/seed';
import { createContext, listen } from './start';

async function main() {
  const env = parseEnv(process.env);
  const destination = processLog();
  const log = pino({ level: env.LOG_LEVEL }, destination.stream);
  await buildPwaIfStale(PWA_DIST, (m) => console.log(m));
  const ctx = await createContext(env, log, undefined, { droppedLines: destination.dropped });
  const credentials = await seedIfEmpty(ctx);
  const running = await listen(ctx);
  console.log(`SkyWay Airlines is running at ${running.url}`);
  for (const line of credentials) console.log(line);

  const exitAfterLog = async (code: number) => {
    await destination.flushed();
    process.exit(code);
  };
  let stopping = false;
  const stop = (signal: string) => {
    // NOTE: a repeated signal is ignored, not fatal: tsx relays the signal it gets to this process, so
    // one SIGTERM can arrive twice, and the shutdown is bounded by its grace period anyway.
    if (stopping) {
      log.info({ signal }, 'already shutting down');
      return;
    }
    stopping = true;
    log.info({ signal }, 'shutting down');
    void running.close().then(
      () => exitAfterLog(0),
      (error: unknown) => {
        log.error({ err: error }, 'shutdown failed');
        return exitAfterLog(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof EnvError ? error.message : error);
  process.exit(1);
});
