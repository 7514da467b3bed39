import { z } from 'zod';
import type { ClassFares } from '../../../../../sync/fare';
import {
  BankingInfoSchema,
  CashAppSchema,
  ClassFaresSchema,
  CryptoInfoSchema,
  DeviceHistoryDaysSchema,
  HoldRulesSchema,
  SettingsBodySchema,
} from '../../../../../sync/schemas/settings';

export type BankingInput = { accountNumber: string; accountName: string; bankName: string; routing: string; address: string };
export type CryptoInput = { name: string; network: string; address: string; rate: string };
export type CashAppInput = { tag: string; name: string };
export type OperationsInput = { paymentDeadlineHours: string; cancellationPenaltyPercent: string; smtpUrl: string };
export type HoldRulesInput = { reviewDeadlineHours: string; maxUnpaidBookings: string; maxUnpaidSeats: string };
/** The classes above Economy, whose ratios an admin sets; Economy's is always 1. */
export const PRICED_CLASSES = ['Premium Economy', 'Business', 'First Class'] as const;
export type ClassFaresInput = Record<(typeof PRICED_CLASSES)[number], string>;

/** The first message a shared schema gives, or null when the value passes. */
function firstError(schema: z.ZodType, value: unknown): string | null {
  const result = schema.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid value');
}

/** Product rules §10.12: accountName, accountNumber and bankName are required: 'All fields are required.' */
export const bankingError = (values: BankingInput) => firstError(BankingInfoSchema, values);

/** At least one coin, each with name, network, address and a rate above 0. */
export function cryptoError(rows: readonly CryptoInput[]): string | null {
  const coins = rows.map((row) => ({ ...row, rate: row.rate.trim() === '' ? Number.NaN : Number(row.rate) }));
  return firstError(z.array(CryptoInfoSchema).min(1, 'All fields in cryptoInfo are required.'), coins);
}

export const cashAppError = (values: CashAppInput) => firstError(CashAppSchema, values);

/** The password is write-only: empty keeps the saved one, so it is required only when none is saved. */
export function mailError(name: string, password: string, hasPassword: boolean): string | null {
  if (name.trim() === '' || (password === '' && !hasPassword)) return 'Mail email and password are required.';
  return firstError(SettingsBodySchema.shape.mail, { name, password: password || undefined });
}

export const whatsAppError = (link: string) => firstError(SettingsBodySchema.shape.whatsApp, link);

export const DEADLINE_RANGE = 'Payment deadline must be 1 to 168 hours';
export const PENALTY_RANGE = 'Penalty must be 0 to 100 percent';

export function operationsError(values: OperationsInput): string | null {
  const deadline = Number(values.paymentDeadlineHours);
  const penalty = Number(values.cancellationPenaltyPercent);
  if (values.paymentDeadlineHours.trim() === '' || !Number.isInteger(deadline)) return DEADLINE_RANGE;
  if (values.cancellationPenaltyPercent.trim() === '' || !Number.isFinite(penalty)) return PENALTY_RANGE;
  return (
    firstError(SettingsBodySchema.shape.paymentDeadlineHours, deadline) ??
    firstError(SettingsBodySchema.shape.cancellationPenaltyPercent, penalty) ??
    firstError(SettingsBodySchema.shape.smtpUrl, values.smtpUrl)
  );
}

/** An empty field reads as not a number. */
const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** Whole numbers in their ranges. */
export function holdRulesError(values: HoldRulesInput): string | null {
  return firstError(HoldRulesSchema, {
    reviewDeadlineHours: number(values.reviewDeadlineHours),
    maxUnpaidBookings: number(values.maxUnpaidBookings),
    maxUnpaidSeats: number(values.maxUnpaidSeats),
  });
}

export const deviceDaysError = (days: string) => firstError(DeviceHistoryDaysSchema, number(days));

/** Each ratio 1 to 10 times the Economy fare. */
export function classFaresError(values: ClassFaresInput): string | null {
  return firstError(ClassFaresSchema, classFaresOf(values));
}

export function classFaresOf(values: ClassFaresInput): ClassFares {
  return { Economy: 1, 'Premium Economy': number(values['Premium Economy']), Business: number(values.Business), 'First Class': number(values['First Class']) };
}
