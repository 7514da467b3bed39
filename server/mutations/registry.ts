import type { z } from 'zod';
import type { UserRow } from '../actor';
import { attachReceipt } from './attach-receipt';
import { cancelBooking } from './cancel-booking';
import { changePaymentMethod } from './change-payment-method';
import { checkIn } from './check-in';
import { confirmManualPayment } from './confirm-manual-payment';
import { createAirport } from './create-airport';
import { createBooking } from './create-booking';
import { createCustomerBooking } from './create-customer-booking';
import { createFlight } from './create-flight';
import { deleteAirport } from './delete-airport';
import { deleteFlight } from './delete-flight';
import { markConversationRead } from './mark-conversation-read';
import { markRefundPaid } from './mark-refund-paid';
import type { Mutation } from './mutation';
import { reviewPayment } from './review-payment';
import { runParsed, type MutationHost } from './run';
import { sendMessage } from './send-message';
import { setConversationStatus } from './set-conversation-status';
import { setUserRole } from './set-user-role';
import { setUserStatus } from './set-user-status';
import { startConversation } from './start-conversation';
import { subscribePush } from './subscribe-push';
import { unsubscribePush } from './unsubscribe-push';
import { updateAirport } from './update-airport';
import { updateFlight } from './update-flight';
import { updateProfile } from './update-profile';
import { updateSettings } from './update-settings';

/** runParsed of one mutation, for a caller that knows it only by name and has its arguments parsed. */
export type NamedRun = (host: MutationHost, user: UserRow, args: unknown) => Promise<unknown>;

// NOTE: the arguments were parsed by this mutation's schema on the request's thread (runMutation), then structured-cloned.
const named = <S extends z.ZodType, R>(mutation: Mutation<S, R>): [string, NamedRun] => [
  mutation.name,
  (host, user, args) => runParsed(host, mutation, user, args as z.output<S>),
];

/** Every mutation by its name: what the mutation thread runs when it is sent one. */
export const MUTATIONS: ReadonlyMap<string, NamedRun> = new Map([
  named(attachReceipt),
  named(cancelBooking),
  named(changePaymentMethod),
  named(checkIn),
  named(confirmManualPayment),
  named(createAirport),
  named(createBooking),
  named(createCustomerBooking),
  named(createFlight),
  named(deleteAirport),
  named(deleteFlight),
  named(markConversationRead),
  named(markRefundPaid),
  named(reviewPayment),
  named(sendMessage),
  named(setConversationStatus),
  named(setUserRole),
  named(setUserStatus),
  named(startConversation),
  named(subscribePush),
  named(unsubscribePush),
  named(updateAirport),
  named(updateFlight),
  named(updateProfile),
  named(updateSettings),
]);
