import { z } from 'zod';
import type { TravelClass } from '../constants';

const text = (max = 200) => z.string().trim().max(max);

/** A required text whose missing, wrong-typed and empty cases all read the card's message. */
const required = (max: number, message: string) => z.string({ error: message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

export const BankingInfoSchema = z.object(
  {
    accountNumber: required(40, 'All fields are required.'),
    accountName: required(120, 'All fields are required.'),
    bankName: required(120, 'All fields are required.'),
    routing: text(40).optional().default(''),
    address: text(300).optional().default(''),
  },
  { error: 'All fields are required.' },
);

export const CryptoInfoSchema = z.object({
  name: required(40, 'All fields in cryptoInfo are required.'),
  network: required(40, 'All fields in cryptoInfo are required.'),
  address: required(200, 'All fields in cryptoInfo are required.'),
  rate: z.number({ error: 'All fields in cryptoInfo are required.' }).positive('All fields in cryptoInfo are required.').max(1e12),
});

export const CashAppSchema = z.object(
  {
    tag: required(60, 'Cash App name and tag are required.'),
    name: required(120, 'Cash App name and tag are required.'),
  },
  { error: 'Cash App name and tag are required.' },
);

export const ContactSchema = z.object({
  phones: z.array(text(40)).max(5).default([]),
  email: text(254).default(''),
});

export const DEVICE_DAYS_RANGE = 'Days on admin devices must be 1 to 90';
/**
 * How many days of bookings and payments an admin's device keeps (beside everything awaiting review);
 * older history is searched through the server (sync/working-set.ts).
 */
export const DeviceHistoryDaysSchema = z.number({ error: DEVICE_DAYS_RANGE }).int(DEVICE_DAYS_RANGE).min(1, DEVICE_DAYS_RANGE).max(90, DEVICE_DAYS_RANGE);
export const DEFAULT_DEVICE_HISTORY_DAYS = 7;

export const REVIEW_DEADLINE_RANGE = 'Review deadline must be 1 to 168 hours';
export const UNPAID_BOOKINGS_RANGE = 'Unpaid bookings must be 1 to 100';
export const UNPAID_SEATS_RANGE = 'Unpaid seats must be 1 to 240';

/**
 * How long seats stay held while a payment awaits review, and how much one account may hold unpaid
 * at once (so nobody takes a flight's seats by booking without paying).
 */
export const HoldRulesSchema = z.object({
  reviewDeadlineHours: z.number({ error: REVIEW_DEADLINE_RANGE }).int(REVIEW_DEADLINE_RANGE).min(1, REVIEW_DEADLINE_RANGE).max(168, REVIEW_DEADLINE_RANGE),
  maxUnpaidBookings: z.number({ error: UNPAID_BOOKINGS_RANGE }).int(UNPAID_BOOKINGS_RANGE).min(1, UNPAID_BOOKINGS_RANGE).max(100, UNPAID_BOOKINGS_RANGE),
  maxUnpaidSeats: z.number({ error: UNPAID_SEATS_RANGE }).int(UNPAID_SEATS_RANGE).min(1, UNPAID_SEATS_RANGE).max(240, UNPAID_SEATS_RANGE),
});
export type HoldRules = z.infer<typeof HoldRulesSchema>;

export const CLASS_FARE_RANGE = 'Class fares must be 1 to 10 times the Economy fare';
export const ECONOMY_FARE_BASE = 'Economy is the base fare: its ratio is 1';
const classRatio = z.number({ error: CLASS_FARE_RANGE }).min(1, CLASS_FARE_RANGE).max(10, CLASS_FARE_RANGE);

/** Each class's fare as a multiple of the flight's price, which is the Economy fare. */
export const ClassFaresSchema = z.object({
  Economy: z.literal(1, { error: ECONOMY_FARE_BASE }),
  'Premium Economy': classRatio,
  Business: classRatio,
  'First Class': classRatio,
} satisfies Record<TravelClass, z.ZodType<number>>);

/** The part every visitor may read: what a payer and the contact page need. */
export const PublicSettingsSchema = z.object({
  bankingInfo: BankingInfoSchema,
  cryptoInfo: z.array(CryptoInfoSchema),
  cashApp: CashAppSchema,
  whatsApp: z.string(),
  contact: ContactSchema,
  /** Travellers see the terms that apply to them: how long a hold lasts and what a cancellation costs. */
  paymentDeadlineHours: z.number().int(),
  cancellationPenaltyPercent: z.number(),
  /** Travellers see every class's price. */
  classFares: ClassFaresSchema,
});
export type PublicSettings = z.infer<typeof PublicSettingsSchema>;

/** What admins read: the mail password and SMTP credentials never leave the server. */
export const AdminSettingsSchema = PublicSettingsSchema.extend({
  ...HoldRulesSchema.shape,
  deviceHistoryDays: DeviceHistoryDaysSchema,
  mail: z.object({ name: z.string(), hasPassword: z.boolean() }),
  smtp: z.object({ host: z.string(), configured: z.boolean() }),
});
export type AdminSettings = z.infer<typeof AdminSettingsSchema>;

export const SettingsBodySchema = z.object({
  bankingInfo: BankingInfoSchema,
  cryptoInfo: z.array(CryptoInfoSchema, { error: 'All fields in cryptoInfo are required.' }).min(1, 'All fields in cryptoInfo are required.').max(20),
  cashApp: CashAppSchema,
  mail: z.object(
    {
      name: z
        .string({ error: 'Mail email and password are required.' })
        .trim()
        .min(1, 'Mail email and password are required.')
        .max(254, 'Mail email must be a valid email')
        .pipe(z.email('Mail email must be a valid email')),
      password: z.string().max(200, 'Must be at most 200 characters').optional(),
    },
    { error: 'Mail email and password are required.' },
  ),
  whatsApp: z.string({ error: 'WhatsApp link is required.' }).trim().min(1, 'WhatsApp link is required.').max(300, 'Must be at most 300 characters'),
  contact: ContactSchema.optional(),
  smtpUrl: z
    .string()
    .trim()
    .max(500)
    .regex(/^(smtps?:\/\/.+)?$/, 'SMTP URL must start with smtp:// or smtps://')
    .optional(),
  paymentDeadlineHours: z.number().int().min(1, 'Payment deadline must be 1 to 168 hours').max(168, 'Payment deadline must be 1 to 168 hours').optional(),
  cancellationPenaltyPercent: z.number().min(0, 'Penalty must be 0 to 100 percent').max(100, 'Penalty must be 0 to 100 percent').optional(),
  ...HoldRulesSchema.partial().shape,
  deviceHistoryDays: DeviceHistoryDaysSchema.optional(),
  classFares: ClassFaresSchema.optional(),
});
export type SettingsBody = z.infer<typeof SettingsBodySchema>;
