import { transactionMemo } from '../../db/batching';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { DEFAULT_CLASS_FARES } from '../../../sync/fare';
import {
  ClassFaresSchema,
  DEFAULT_DEVICE_HISTORY_DAYS,
  DeviceHistoryDaysSchema,
  HoldRulesSchema,
  SettingsBodySchema,
  type AdminSettings,
  type HoldRules,
  type PublicSettings,
  type SettingsBody,
} from '../../../sync/schemas/settings';
import { first, connectionOf, preparedCache, type Queryable, type Tx } from '../../db/client';
import { settings } from '../../db/schema';
import { keepSettings, keptSettings, settingsMark, writingSettings } from '../../db/settings-writes';
import { nextVersion } from '../../db/version';
import { invalidField } from '../../errors';

const DEFAULT_HOLD_RULES: HoldRules = { reviewDeadlineHours: 48, maxUnpaidBookings: 3, maxUnpaidSeats: 10 };

const StoredSettingsSchema = SettingsBodySchema.extend({
  contact: SettingsBodySchema.shape.contact.unwrap(),
  paymentDeadlineHours: z.number().int(),
  cancellationPenaltyPercent: z.number(),
  smtpUrl: z.string(),
  // Settings saved before the hold rules existed read the defaults.
  reviewDeadlineHours: HoldRulesSchema.shape.reviewDeadlineHours.default(DEFAULT_HOLD_RULES.reviewDeadlineHours),
  maxUnpaidBookings: HoldRulesSchema.shape.maxUnpaidBookings.default(DEFAULT_HOLD_RULES.maxUnpaidBookings),
  maxUnpaidSeats: HoldRulesSchema.shape.maxUnpaidSeats.default(DEFAULT_HOLD_RULES.maxUnpaidSeats),
  classFares: ClassFaresSchema.default(DEFAULT_CLASS_FARES),
  deviceHistoryDays: DeviceHistoryDaysSchema.default(DEFAULT_DEVICE_HISTORY_DAYS),
});
export type StoredSettings = z.infer<typeof StoredSettingsSchema>;

export const DEFAULT_SETTINGS: StoredSettings = {
  bankingInfo: {
    accountNumber: '0123456789',
    accountName: 'SkyWay Airlines Ltd',
    bankName: 'First Harbour Bank',
    routing: '026009593',
    address: '1 Harbour Square, London',
  },
  cryptoInfo: [{ name: 'USDT', network: 'TRC20', address: 'TQ7uVb9fG3cLx8pKzR2mN5wYhD4sJ6eA1B', rate: 1 }],
  cashApp: { tag: '$SkyWayAir', name: 'SkyWay Airlines' },
  mail: { name: 'bookings@skyway.test', password: '' },
  whatsApp: 'https://wa.me/442071234567',
  contact: { phones: ['+44 20 7123 4567', '+1 212 555 0100'], email: 'support@skyway.test' },
  paymentDeadlineHours: 24,
  cancellationPenaltyPercent: 10,
  smtpUrl: '',
  ...DEFAULT_HOLD_RULES,
  classFares: DEFAULT_CLASS_FARES,
  deviceHistoryDays: DEFAULT_DEVICE_HISTORY_DAYS,
};

const versionQuery = preparedCache<ReturnType<typeof buildVersionQuery>>();
const parsedByConnection = new WeakMap<object, { version: number; value: StoredSettings }>();

function buildVersionQuery(q: Queryable) {
  return q.select({ version: settings.version }).from(settings).where(eq(settings.id, 1)).prepare();
}

/**
 * The stored settings, parsed once per version: many requests read them, few write them. On PostgreSQL a
 * write transaction reads them once: a booking asks three times (fares, the unpaid-holds cap, its mail);
 * and they are kept in memory while every process's writes are heard (db/settings-writes.ts).
 */
export function readSettings(q: Queryable): Promise<StoredSettings> {
  return readOnce(q, true);
}

/** The settings as committed now, never as kept in memory: for a transaction that writes them from what it read. */
export function readSettingsToWrite(tx: Tx): Promise<StoredSettings> {
  return readOnce(tx, false);
}

const MEMO_KEY = 'settings';

/** What a transaction read, and whether from the database (not kept in memory). */
type Remembered = { value: StoredSettings; read: boolean };

async function readOnce(q: Queryable, mayBeKept: boolean): Promise<StoredSettings> {
  const memo = transactionMemo(q);
  const remembered = memo?.get(MEMO_KEY) as Remembered | undefined;
  if (remembered && (mayBeKept || remembered.read)) return remembered.value;
  const kept = mayBeKept ? keptSettings<StoredSettings>(q) : undefined;
  const value = kept ?? (await readStoredSettings(q));
  memo?.set(MEMO_KEY, { value, read: !kept } satisfies Remembered);
  return value;
}

async function readStoredSettings(q: Queryable): Promise<StoredSettings> {
  const mark = settingsMark(q);
  const value = await readByVersion(q);
  if (mark !== undefined) keepSettings(q, mark, value);
  return value;
}

async function readByVersion(q: Queryable): Promise<StoredSettings> {
  const version = (await first(versionQuery(q, 'version', () => buildVersionQuery(q)).execute()))?.version;
  if (version === undefined) return DEFAULT_SETTINGS;
  const cached = parsedByConnection.get(connectionOf(q));
  if (cached?.version === version) return cached.value;
  const row = await first(q.select().from(settings).where(eq(settings.id, 1)));
  const parsed = StoredSettingsSchema.safeParse(row?.data);
  const value = parsed.success ? parsed.data : DEFAULT_SETTINGS;
  parsedByConnection.set(connectionOf(q), { version, value });
  return value;
}

export function publicSettings(s: StoredSettings): PublicSettings {
  return {
    bankingInfo: s.bankingInfo,
    cryptoInfo: s.cryptoInfo,
    cashApp: s.cashApp,
    whatsApp: s.whatsApp,
    contact: s.contact,
    paymentDeadlineHours: s.paymentDeadlineHours,
    cancellationPenaltyPercent: s.cancellationPenaltyPercent,
    classFares: s.classFares,
  };
}

function smtpHost(url: string): string {
  try {
    return url ? new URL(url).host : '';
  } catch {
    return '';
  }
}

/** The admin view: secrets are reported as present or absent, never returned. */
export function adminSettings(s: StoredSettings): AdminSettings {
  return {
    ...publicSettings(s),
    reviewDeadlineHours: s.reviewDeadlineHours,
    maxUnpaidBookings: s.maxUnpaidBookings,
    maxUnpaidSeats: s.maxUnpaidSeats,
    deviceHistoryDays: s.deviceHistoryDays,
    mail: { name: s.mail.name, hasPassword: Boolean(s.mail.password) },
    smtp: { host: smtpHost(s.smtpUrl), configured: Boolean(s.smtpUrl) },
  };
}

/** Saves the whole settings object; an omitted mail password or SMTP URL keeps the stored one. */
export async function saveSettings(tx: Tx, body: SettingsBody, now: Date): Promise<StoredSettings> {
  const current = await readSettingsToWrite(tx);
  const password = body.mail.password || current.mail.password;
  if (!password) {
    throw invalidField('Mail email and password are required.', 'mail.password');
  }
  const next: StoredSettings = {
    ...current,
    ...body,
    contact: body.contact ?? current.contact,
    mail: { name: body.mail.name, password },
    smtpUrl: body.smtpUrl ?? current.smtpUrl,
    paymentDeadlineHours: body.paymentDeadlineHours ?? current.paymentDeadlineHours,
    cancellationPenaltyPercent: body.cancellationPenaltyPercent ?? current.cancellationPenaltyPercent,
    reviewDeadlineHours: body.reviewDeadlineHours ?? current.reviewDeadlineHours,
    maxUnpaidBookings: body.maxUnpaidBookings ?? current.maxUnpaidBookings,
    maxUnpaidSeats: body.maxUnpaidSeats ?? current.maxUnpaidSeats,
    classFares: body.classFares ?? current.classFares,
  };
  const values = { data: next, updatedAt: now.toISOString(), version: await nextVersion(tx) };
  await tx
    .insert(settings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: settings.id, set: values });
  transactionMemo(tx)?.delete(MEMO_KEY);
  writingSettings(tx);
  return next;
}
