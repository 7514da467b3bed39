import type Database from 'better-sqlite3';
import { vi } from 'vitest';

/** How many SQLite statements `work` runs. */
export async function statementsRun(sqlite: Database.Database, work: () => Promise<unknown>): Promise<number> {
  const prototype = Object.getPrototypeOf(sqlite.prepare('select 1')) as Record<'all' | 'get' | 'run', (...args: unknown[]) => unknown>;
  const spies = (['all', 'get', 'run'] as const).map((method) => vi.spyOn(prototype, method));
  try {
    await work();
    return spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}
