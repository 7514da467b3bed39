import type { z } from 'zod';
import type { Tx } from '../db/client';
import type { LockRequest } from '../db/locks';
import type { Env } from '../env';
import type { LimitName } from '../limit-names';
import type { Effect } from '../outbox/effects';
import type { UserRow } from '../actor';

/**
 * What a change reads besides its transaction and its caller: the clock, the settings, the site's address
 * for links in mails, the key boarding passes are signed with, and which devices this process holds
 * (a transaction never waits for the network). The server's context has all of it; the mutation thread
 * builds just this.
 */
export type MutationDeps = {
  now: () => Date;
  env: Env;
  siteUrl: string;
  jwtSecret: string;
  realtime: { isConnectedHere(userId: string): boolean };
};

/** What a mutation did: its answer, and the effects to send once its transaction commits. */
export type Outcome<R> = { result: R; effects: Effect[] };

/**
 * One change of state, the same for a REST route and a sync push: the arguments it accepts, who may
 * make it (throws a 403/404 AppError otherwise; it runs in the transaction, before `run`, once the rows
 * named by `locks` are locked), and the
 * change itself, which writes through `tx` only and returns the effects instead of sending them.
 */
export type Mutation<S extends z.ZodType, R> = {
  name: string;
  args: S;
  /** The rate limits its REST route and the sync push count it against, in the order taken (besides the push's own). */
  limits?: readonly LimitName[];
  /** The rows the change reads before it writes, locked first on PostgreSQL (db/locks.ts). */
  locks?: (args: z.output<S>, user: UserRow) => LockRequest;
  permission: (user: UserRow, args: z.output<S>, tx: Tx) => void | Promise<void>;
  run: (tx: Tx, deps: MutationDeps, user: UserRow, args: z.output<S>) => Outcome<R> | Promise<Outcome<R>>;
};

export function defineMutation<S extends z.ZodType, R>(mutation: Mutation<S, R>): Mutation<S, R> {
  return mutation;
}
