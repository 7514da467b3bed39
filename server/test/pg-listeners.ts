import { LISTENER_NAME, type Listen } from '../db/pg-listener';
import type { ProcessPair } from './process-pair';

/** How long a committed write may take to reach the other process's ears. */
export const HEARD_MS = 300;

const LISTENERS = `select pid from pg_stat_activity where datname = current_database() and application_name = '${LISTENER_NAME}'`;
export const KILL_LISTENERS = `select pg_terminate_backend(pid) as killed from pg_stat_activity
  where datname = current_database() and application_name = '${LISTENER_NAME}'`;

/** `check` until it holds, every 20 ms for `ms` at most; the last answer either way. */
export async function eventually(check: () => Promise<boolean>, ms = 5_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Kills both processes' listening connections, as a restart of PostgreSQL or a lost network would, and
 * answers once each listens again on a connection made anew (false if that takes over 5 s).
 */
export async function relisten(pair: ProcessPair): Promise<boolean> {
  const killed = await pair.query<{ pid: number }>(LISTENERS);
  if (killed.length !== 2) throw new Error(`expected 2 listening connections, found ${killed.length}`);
  await pair.query(KILL_LISTENERS);
  return eventually(async () => {
    const now = await pair.query<{ pid: number }>(LISTENERS);
    return now.length === 2 && now.every((row) => !killed.some((k) => k.pid === row.pid));
  });
}

/** A change of `statements` no process hears (triggers off), as one whose notification was sent while none listened. */
export const unheard = (pair: ProcessPair, statements: string) => pair.query(`begin; set local session_replication_role = replica; ${statements}; commit`);

/** A listen whose notifications (by channel) and listening state the test gives. */
export function fakeListen() {
  const onPayloads = new Map<string, (payload: string) => void>();
  const onListenings: ((listening: boolean) => void)[] = [];
  const listen: Listen = (channel, onPayload, onListening) => {
    onPayloads.set(channel, onPayload);
    if (onListening) onListenings.push(onListening);
    return Promise.resolve();
  };
  return {
    listen,
    notify: (channel: string, payload: string) => onPayloads.get(channel)?.(payload),
    setListening: (listening: boolean) => {
      for (const onListening of onListenings) onListening(listening);
    },
  };
}
