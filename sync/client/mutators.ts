import { MUTATION_NAMES, mutationCall, type MutationArgs, type MutationCall, type MutationName } from '../protocol';

/** One function per mutation, typed by its argument schema: `mutate.cancelBooking({ bookingId })`. */
export type Mutators = { [N in MutationName]: (args: MutationArgs<N>) => Promise<void> };

/** The mutators over one queue: each puts its intent there as a `MutationCall`. */
export function createMutators(queue: (call: MutationCall) => Promise<void>): Mutators {
  const entries = MUTATION_NAMES.map((name) => [name, (args: MutationArgs<typeof name>) => queue(mutationCall(name, args))]);
  return Object.fromEntries(entries) as Mutators;
}
