import { z } from 'zod';

const text = (max = 200) => z.string().trim().max(max);

export const BankingInfoSchema = z.object({
  accountNumber: text(40).min(1, 'All fields are required.'),
  accountName: text(120).min(1, 'All fields are required.'),
  bankName: text(120).min(1, 'All fields are required.'),
  routing: text(40).optional().default(''),
  address: text(300).optional().default(''),
});

export const CryptoInfoSchema = z.object({
  name: text(40).min(1, 'All fields in cryptoInfo are required.'),
  network: text(40).min(1, 'All fields in cryptoInfo are required.'),
  address: text(200).min(1, 'All fields in cryptoInfo are required.'),
  rate: z
    .number({ error: 'All fields in cryptoInfo are required.' })
    .positive('All fields in cryptoInfo are required.')
    .max(1e12),
});

export const CashAppSchema = z.object({
  tag: text(60).min(1, 'Cash App name and tag are required.'),
  name: text(120).min(1, 'Cash App name and tag are required.'),
});

export const ContactSchema = z.object({
  phones: z.array(text(40)).max(5).default([]),
  email: text(254).default(''),
});

/** The part every visitor may read: what a payer and the contact page need. */
export const PublicSettingsSchema = z.object({
  bankingInfo: BankingInfoSchema,
  cryptoInfo: z.array(CryptoInfoSchema),
  cashApp: CashAppSchema,
  whatsApp: z.string(),
  contact: ContactSchema,
});
export type PublicSettings = z.infer<typeof PublicSettingsSchema>;

/** What admins read: the mail password and SMTP credentials never leave the server. */
export const AdminSettingsSchema = PublicSettingsSchema.extend({
  mail: z.object({ name: z.string(), hasPassword: z.boolean() }),
  smtp: z.object({ host: z.string(), configured: z.boolean() }),
  paymentDeadlineHours: z.number().int(),
  cancellationPenaltyPercent: z.number(),
});
export type AdminSettings = z.infer<typeof AdminSettingsSchema>;

export const SettingsBodySchema = z.object({
  bankingInfo: BankingInfoSchema,
  cryptoInfo: z
    .array(CryptoInfoSchema, { error: 'All fields in cryptoInfo are required.' })
    .min(1, 'All fields in cryptoInfo are required.')
    .max(20),
  cashApp: CashAppSchema,
  mail: z.object({
    name: z
      .string({ error: 'Mail email and password are required.' })
      .trim()
      .min(1, 'Mail email and password are required.')
      .max(254)
      .pipe(z.email('Mail email must be a valid email')),
    password: z.string().max(200).optional(),
  }),
  whatsApp: z.string({ error: 'WhatsApp link is required.' }).trim().min(1, 'WhatsApp link is required.').max(300),
  contact: ContactSchema.optional(),
  smtpUrl: z
    .string()
    .trim()
    .max(500)
    .regex(/^(smtps?:\/\/.+)?$/, 'SMTP URL must start with smtp:// or smtps://')
    .optional(),
  paymentDeadlineHours: z.number().int().min(1, 'Payment deadline must be 1 to 168 hours').max(168, 'Payment deadline must be 1 to 168 hours').optional(),
  cancellationPenaltyPercent: z.number().min(0, 'Penalty must be 0 to 100 percent').max(100, 'Penalty must be 0 to 100 percent').optional(),
});
export type SettingsBody = z.infer<typeof SettingsBodySchema>;
