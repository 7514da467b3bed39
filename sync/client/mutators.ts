import type { MutationArgs, MutationCall, MutationName } from '../protocol';

/** One function per mutation, typed by its argument schema: `mutate.cancelBooking({ bookingId })`. */
export type Mutators = { [N in MutationName]: (args: MutationArgs<N>) => Promise<void> };

/**
 * The mutators over one queue: each puts its intent there as a `MutationCall`.
 * NOTE: a proxy rather than a loop over the mutation names, so the screens that hold it load none of
 * the protocol's schemas (the first page stays small); the names and arguments are checked by the type.
 */
export function createMutators(queue: (call: MutationCall) => Promise<void>): Mutators {
  // One function per name for the proxy's life, so screens can keep it in effect dependencies.
  const made = new Map<PropertyKey, (args: unknown) => Promise<void>>();
  return new Proxy({} as Mutators, {
    get: (_target, name) => {
      const mutator = made.get(name) ?? ((args: unknown) => queue({ name, args } as MutationCall));
      made.set(name, mutator);
      return mutator;
    },
  });
}
