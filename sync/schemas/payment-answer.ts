import { z } from 'zod';
import { BookingSchema } from './booking';
import { PaymentSchema } from './payment';
import { BankingInfoSchema, CashAppSchema, CryptoInfoSchema } from './settings';

const Due = z.object({ amountDue: z.number(), deadlineAt: z.string(), link: z.string() });

/** Where and how much to pay, as POST /payments and GET /payments/token/:key answer it. */
const InstructionsSchema = z.discriminatedUnion('kind', [
  Due.extend({ kind: z.literal('bank_transfer'), bankingInfo: BankingInfoSchema }),
  Due.extend({ kind: z.literal('crypto') }).extend(CryptoInfoSchema.shape),
  Due.extend({ kind: z.literal('cashApp') }).extend(CashAppSchema.shape),
]);

export type BankingInfo = z.infer<typeof BankingInfoSchema>;

export const PaymentAnswerSchema = z.object({
  link: z.string(),
  booking: BookingSchema,
  payment: PaymentSchema,
  instructions: InstructionsSchema,
});
export type PaymentAnswer = z.infer<typeof PaymentAnswerSchema>;

export const PaymentWithInstructionsSchema = PaymentSchema.extend({ instructions: InstructionsSchema });
export type PaymentWithInstructions = z.infer<typeof PaymentWithInstructionsSchema>;
