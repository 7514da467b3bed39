import type { Tx } from '../db/client';
import { constraintRejection } from '../db/constraints';
import { AppError } from '../errors';

/**
 * How one mutation ended, as plain data: counted by the process's metrics where it ran, or, on the
 * booking thread, handed back with the answer and counted on the server's thread (docs/decisions/020).
 */
export type MutationCount = {
  mutation: string;
  /** applied: committed; refused: a business refusal (4xx) with its code; failed: a fault (rolled back). */
  outcome: 'applied' | 'refused' | 'failed';
  code?: string;
  /** An admin's decision on a payment (reviewPayment). */
  decision?: 'approved' | 'rejected';
};

/** Where the ends of mutations are counted: `Metrics` on the server's thread, a list on the booking thread. */
export interface MutationCounter {
  count(done: MutationCount): void;
}

/** The decision a reviewPayment carries, read from its parsed arguments. */
function decisionOf(mutation: string, args: unknown): Pick<MutationCount, 'decision'> {
  if (mutation !== 'reviewPayment' || typeof args !== 'object' || args === null) return {};
  return { decision: Reflect.get(args, 'status') === 'successful' ? 'approved' : 'rejected' };
}

/** A refusal the person is told about (an AppError 4xx, or a write a database rule refused), or undefined for a fault. */
function refusalOf(error: unknown): AppError | undefined {
  const known = error instanceof AppError ? error : constraintRejection(error);
  return known && known.status < 500 ? known : undefined;
}

/**
 * Counts how runMutation's run ends: `first` (the push's bookkeeping) wrapped, so a mutation it skips (a
 * replay another push applied) is not counted; `applied` and `refused` go to the transaction's promise.
 */
export function mutationTally(counter: MutationCounter, mutation: string, args: unknown, first: ((tx: Tx) => Promise<boolean>) | undefined) {
  let skipped = false;
  return {
    first:
      first &&
      (async (tx: Tx) => {
        const goes = await first(tx);
        skipped = !goes;
        return goes;
      }),
    applied: <R>(result: R): R => {
      if (!skipped) counter.count({ mutation, outcome: 'applied', ...decisionOf(mutation, args) });
      return result;
    },
    refused: (error: unknown): never => {
      const refusal = refusalOf(error);
      counter.count(refusal ? { mutation, outcome: 'refused', code: refusal.code } : { mutation, outcome: 'failed' });
      throw error;
    },
  };
}

/** The booking thread's counter: what its job counted, handed back with the answer. */
export class HandedBackCounts implements MutationCounter {
  counted: MutationCount[] = [];

  count(done: MutationCount): void {
    this.counted.push(done);
  }
}
