import path from 'node:path';
import type { z } from 'zod';
import { EnvError, parseEnv } from '../env';

export class UsageError extends Error {}

/** DATA_DIR as the server reads it (same schema, same default), resolved to an absolute path. */
export function dataDirFromEnv(source: NodeJS.ProcessEnv): string {
  return path.resolve(parseEnv(source).DATA_DIR);
}

/** DATABASE_URL as the server reads it: set, the backup tools work on PostgreSQL. */
export function databaseUrlFromEnv(source: NodeJS.ProcessEnv): string | undefined {
  return parseEnv(source).DATABASE_URL;
}

/** Parses argv (without node and the script) with a zod schema; a mismatch prints the usage line. */
export function parseArgs<S extends z.ZodType>(schema: S, argv: string[], usage: string): z.output<S> {
  const result = schema.safeParse(argv);
  if (!result.success) throw new UsageError(`${result.error.issues[0]?.message ?? 'Invalid arguments'}\nUsage: ${usage}`);
  return result.data;
}

/** Runs a CLI: known failures print their message and exit 1, without a stack trace. */
export function runCli(main: () => Promise<void>, known: (error: unknown) => boolean): void {
  main().catch((error: unknown) => {
    const expected = error instanceof UsageError || error instanceof EnvError || known(error);
    console.error(expected && error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
