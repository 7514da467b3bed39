import type { z } from 'zod';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { lockFor } from '../db/locks';
import { mutationTally } from '../metrics/mutations';
import { commitWithEffects } from '../outbox/commit';
import type { UserRow } from '../actor';
import { validate } from '../validate';
import type { Mutation } from './mutation';

/**
 * The one way a change of state is made, from a REST route or a sync push: the arguments parsed by the
 * mutation's schema (a 400 otherwise), then its permission and its change in one transaction, then its
 * effects after the commit. `first` runs in the same transaction before anything else (the push's
 * bookkeeping of the client's last mutation); when it answers false the mutation is skipped.
 */
export function runMutation<S extends z.ZodType, R>(ctx: AppContext, mutation: Mutation<S, R>, user: UserRow, input: unknown): Promise<R>;
export function runMutation<S extends z.ZodType, R>(
  ctx: AppContext,
  mutation: Mutation<S, R>,
  user: UserRow,
  input: unknown,
  first: (tx: Tx) => Promise<boolean>,
): Promise<R | undefined>;
export function runMutation<S extends z.ZodType, R>(
  ctx: AppContext,
  mutation: Mutation<S, R>,
  user: UserRow,
  input: unknown,
  first?: (tx: Tx) => Promise<boolean>,
): Promise<R | undefined> {
  const args = validate(mutation.args, input);
  const tally = mutationTally(ctx.metrics, mutation.name, args, first);
  return commitWithEffects(ctx, async (tx) => {
    if (tally.first && !(await tally.first(tx))) return { result: undefined, effects: [] };
    if (mutation.locks) await lockFor(tx, mutation.locks(args, user));
    await mutation.permission(user, args, tx);
    return mutation.run(tx, ctx, user, args);
  }).then(tally.applied, tally.refused);
}
