import type { z } from 'zod';
import type { Db, Tx } from '../db/client';
import { lockFor } from '../db/locks';
import { mutationTally, type MutationCounter } from '../metrics/mutations';
import { commitWithEffects } from '../outbox/commit';
import type { Outbox } from '../outbox/outbox';
import type { UserRow } from '../actor';
import { validate } from '../validate';
import type { Mutation, MutationDeps } from './mutation';

/**
 * Runs chosen mutations away from the request's thread (mutation-thread/): a port, so that this layer
 * does not know where. `run` answers the mutation's result once its effects are dispatched by `host`.
 */
export interface MutationThread {
  takes(mutationName: string): boolean;
  run<S extends z.ZodType, R>(host: MutationHost, mutation: Mutation<S, R>, user: UserRow, args: z.output<S>): Promise<R>;
  stop(): Promise<void>;
}

/**
 * Where a mutation runs: the database it writes, the outbox its effects go to, the counter of how it
 * ended, what the change reads (MutationDeps), and, on SQLite, a thread that takes some mutations.
 * The server's context is one; the mutation thread builds its own, without a thread.
 */
export type MutationHost = MutationDeps & { db: Db; outbox: Outbox; metrics: MutationCounter; mutationThread?: MutationThread };

/**
 * The one way a change of state is made, from a REST route or a sync push: the arguments parsed by the
 * mutation's schema (a 400 otherwise), then its permission and its change in one transaction, then its
 * effects after the commit. `first` runs in the same transaction before anything else (the push's
 * bookkeeping of the client's last mutation); when it answers false the mutation is skipped. A mutation
 * the host's thread takes runs there, the same way; one with `first` always runs here, as a function
 * does not cross threads.
 */
export function runMutation<S extends z.ZodType, R>(host: MutationHost, mutation: Mutation<S, R>, user: UserRow, input: unknown): Promise<R>;
export function runMutation<S extends z.ZodType, R>(
  host: MutationHost,
  mutation: Mutation<S, R>,
  user: UserRow,
  input: unknown,
  first: (tx: Tx) => Promise<boolean>,
): Promise<R | undefined>;
export function runMutation<S extends z.ZodType, R>(
  host: MutationHost,
  mutation: Mutation<S, R>,
  user: UserRow,
  input: unknown,
  first?: (tx: Tx) => Promise<boolean>,
): Promise<R | undefined> {
  const args = validate(mutation.args, input);
  if (!first && host.mutationThread?.takes(mutation.name)) return host.mutationThread.run(host, mutation, user, args);
  return runParsed(host, mutation, user, args, first);
}

/**
 * runMutation once the arguments are parsed: what the mutation thread runs, sent them parsed, so that
 * input the schema refuses is answered on the request's thread and never queued for the thread.
 */
export function runParsed<S extends z.ZodType, R>(
  host: MutationHost,
  mutation: Mutation<S, R>,
  user: UserRow,
  args: z.output<S>,
  first?: (tx: Tx) => Promise<boolean>,
): Promise<R | undefined> {
  const tally = mutationTally(host.metrics, mutation.name, args, first);
  return commitWithEffects(host, async (tx) => {
    if (tally.first && !(await tally.first(tx))) return { result: undefined, effects: [] };
    if (mutation.locks) await lockFor(tx, mutation.locks(args, user));
    await mutation.permission(user, args, tx);
    return mutation.run(tx, host, user, args);
  }).then(tally.applied, tally.refused);
}
